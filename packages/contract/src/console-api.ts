import { z } from 'zod';
import { idParams, okValue } from './common.ts';
import { endpoint, type operator } from './endpoint.ts';

/** What the console's endpoints of every area share: their path prefix, and the endpoints of a list it edits. */
export const CONSOLE_API = '/backoffice/api';

/** List, create, update and remove of the rows under `${CONSOLE_API}/${path}`, for the roles of `access`. */
export const crud = <I extends z.ZodType, R extends z.ZodType, L extends z.ZodType = z.ZodObject>(
  path: string,
  input: I,
  row: R,
  access: ReturnType<typeof operator>,
  listQuery: L = z.object({}) as unknown as L,
) => ({
  list: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/${path}`,
    access,
    query: listQuery,
    response: z.array(row),
  }),
  create: endpoint({ method: 'POST', path: `${CONSOLE_API}/${path}`, access, body: input, response: row }),
  update: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/${path}/:id`,
    access,
    params: idParams,
    body: input,
    response: row,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${CONSOLE_API}/${path}/:id`,
    access,
    params: idParams,
    response: okValue,
  }),
});
