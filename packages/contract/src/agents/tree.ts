import { z } from 'zod';
import { idParams, isoDateTime, okValue, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';

/**
 * The agents' tree as agents and operators see it (A1): the agent's team and its search, downline registration,
 * affiliate links, and the operator's tree (search, make an agent, change a type, move a member or a branch).
 * Money is in major units, as the wallet answers it. An id or user name outside the caller's branch answers
 * not_found, exactly as one that does not exist.
 */

/** The types an agent may open under itself (register downline, affiliate links): a member or an agent (type 1). */
const DOWNLINE_ACCOUNT_TYPES = [0, 1] as const;
const downlineAccountType = z.coerce
  .number()
  .int()
  .refine((value) => (DOWNLINE_ACCOUNT_TYPES as readonly number[]).includes(value), 'invalid_value');

/** The types an operator may give a member: member (0) or one of the agent types; never trial (4). */
const OPERATOR_MEMBER_TYPES = [0, 1, 2, 41, 42] as const;

/** A member of the caller's team, as the team management list shows it. */
const teamMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  /** 0 member, 1/2/41/42 agent. */
  type: z.number().int(),
  /** Levels below the calling agent: 1 for a direct downline. */
  level: z.number().int(),
  uplineId: z.number().int().nullable(),
  uplineUsername: z.string().nullable(),
  /** Members whose upline this member is. */
  directCount: z.number().int(),
  /** Every member of this member's own branch, itself excluded. */
  teamCount: z.number().int(),
  /** Spendable balance (main and game wallets), major units. */
  balance: z.number(),
  status: z.enum(['active', 'locked']),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

const dateOnly = z.iso.date();
const teamQuery = paging.extend({
  /** User name prefix (case-insensitive). */
  username: z.string().trim().max(64).optional(),
  /** Levels below the agent: 1 = direct downlines. */
  level: z.coerce.number().int().min(1).max(100).optional(),
  type: z.coerce.number().int().min(0).max(99).optional(),
  /** Agents (every agent type: 1, 2, 41, 42) or members (every other type). */
  role: z.enum(['agent', 'member']).optional(),
  /** Registered on or after this day / on or before this day (UTC days, YYYY-MM-DD). */
  registeredFrom: z.union([dateOnly, isoDateTime]).optional(),
  registeredTo: z.union([dateOnly, isoDateTime]).optional(),
});

export const registerDownlineBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  confirmPassword: z.string().max(128),
  /** 0 member, 1 agent. */
  type: downlineAccountType,
  nickname: z.string().trim().max(40).optional(),
});
const registeredDownline = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
});

const affiliateLink = z.object({
  id: z.number().int(),
  /** What a visitor's URL carries as ?affiliateCode=… and registration as affiliateCode. */
  code: z.string(),
  /** The type of the accounts registered through the link: 0 member, 1 agent. */
  type: z.number().int(),
  note: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  createdAt: z.string(),
});
const affiliateLinks = z.object({
  /** The agent's own default code (members.affiliate_code), registering members (type 0), or null. */
  defaultCode: z.string().nullable(),
  list: z.array(affiliateLink),
});
export const newAffiliateLink = z.object({
  type: downlineAccountType,
  note: z.string().trim().max(100).default(''),
});

/** A node of the operator's tree. */
const treeNode = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  status: z.enum(['active', 'locked']),
  uplineId: z.number().int().nullable(),
  /** Depth from the top of the branch: 0 for a top-level member. */
  depth: z.number().int(),
  directCount: z.number().int(),
  teamCount: z.number().int(),
  createdAt: z.string(),
});
const pathStep = z.object({ id: z.number().int(), username: z.string(), type: z.number().int() });
/** A node with its path from the top of its branch down to itself (itself last). */
const treeNodeWithPath = treeNode.extend({ path: z.array(pathStep) });

const treeRead = operator('operations', 'support', 'finance');
const treeWrite = operator('operations');

export const agentTreeEndpoints = {
  /** The calling agent's team (its whole branch, itself excluded), newest first, with search and paging. */
  team: endpoint({
    method: 'GET',
    path: '/wps/agent/team',
    access: 'agent',
    query: teamQuery,
    response: page(teamMember),
  }),
  /** One member of the calling agent's team; not_found outside the branch. */
  teamMember: endpoint({
    method: 'GET',
    path: '/wps/agent/team/:id',
    access: 'agent',
    params: idParams,
    response: teamMember,
  }),
  /**
   * Opens an account under the calling agent (a member or an agent of type 1), its user name and password checked
   * by the registration rules of /wps/member/register; limited per address as registration is.
   */
  registerDownline: endpoint({
    method: 'POST',
    path: '/wps/agent/downlines',
    access: 'agent',
    body: registerDownlineBody,
    idempotent: true,
    response: registeredDownline,
  }),
  /** The calling agent's affiliate links with their clicks and sign-ups, and its default code. */
  links: endpoint({
    method: 'GET',
    path: '/wps/agent/links',
    access: 'agent',
    response: affiliateLinks,
  }),
  createLink: endpoint({
    method: 'POST',
    path: '/wps/agent/links',
    access: 'agent',
    body: newAffiliateLink,
    idempotent: true,
    response: affiliateLink,
  }),
  /** Removes one of the caller's links: its code stops working; not_found for another agent's. */
  removeLink: endpoint({
    method: 'DELETE',
    path: '/wps/agent/links/:id',
    access: 'agent',
    params: idParams,
    response: okValue,
  }),
  /**
   * The site calls this once when a visitor arrives with ?affiliateCode=CODE: counts a click on the link of that
   * code. Answers ok whatever the code (it tells nothing about codes).
   */
  linkClick: endpoint({
    method: 'POST',
    path: '/wps/agent/affiliate/click',
    access: 'visitor',
    body: z.object({ code: z.string().trim().min(1).max(40) }),
    response: okValue,
  }),
};

export const agentTreeConsoleEndpoints = {
  /**
   * The tree: the top-level agents (no parentId), the members directly under a node (parentId), agents first; or
   * the members whose user name starts with `username`, each with its path.
   */
  tree: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/tree`,
    access: treeRead,
    query: paging.extend({
      parentId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      /** User name prefix (case-insensitive); the exact name first. */
      username: z.string().trim().min(1).max(64).optional(),
      /** With a user name: agents only (every agent type) or members only. */
      role: z.enum(['agent', 'member']).optional(),
    }),
    response: page(treeNodeWithPath),
  }),
  /** One member's node with its path. */
  node: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/agents/tree/:id`,
    access: treeRead,
    params: idParams,
    response: treeNodeWithPath,
  }),
  /**
   * Gives a member a type: 0 (member) or an agent type. Trial accounts are refused (in_need_true_account), and an
   * agent with a team (agent_has_team) or a live contract (agent_has_contracts) cannot become a member. Audited.
   */
  setType: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agents/tree/:id/type`,
    access: treeWrite,
    params: idParams,
    body: z.object({
      type: z.coerce
        .number()
        .int()
        .refine((value) => (OPERATOR_MEMBER_TYPES as readonly number[]).includes(value), 'invalid_value'),
    }),
    idempotent: true,
    response: treeNodeWithPath,
  }),
  /**
   * Moves a member and its whole branch under another agent (uplineId) or to the top (null). Refused under its own
   * branch (agent_move_into_own_team); the new upline must be an agent; a member holding or offered a contract is
   * refused (agent_has_contracts). Settled bills stay where they are. Audited.
   */
  move: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/agents/tree/:id/move`,
    access: treeWrite,
    params: idParams,
    body: z.object({ uplineId: z.number().int().positive().max(2_147_483_647).nullable() }),
    idempotent: true,
    response: treeNodeWithPath.extend({ moved: z.number().int() }),
  }),
};
