import type { BatchApprovalResult } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { approveWithdrawal } from './withdrawal-review.ts';

/**
 * Finance's batch approval: each selected withdrawal approved as one approval would be (by hand or through the
 * provider), each in its own transaction and audited on its own, in the order given; the answer says which
 * succeeded and why each other one was refused (a refusal stops nothing else).
 */
export async function approveBatch(
  deps: AppDeps,
  call: OperatorCall,
  ids: readonly number[],
  via: 'manual' | 'provider' | undefined,
): Promise<{ results: BatchApprovalResult[] }> {
  const results: BatchApprovalResult[] = [];
  for (const id of new Set(ids)) {
    try {
      const row = await approveWithdrawal(deps, call, id, via);
      results.push({ id, ok: true, code: null, row });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, code: error.code, row: null });
    }
  }
  return { results };
}
