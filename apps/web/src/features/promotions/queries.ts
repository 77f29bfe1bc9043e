import { queryOptions } from '@tanstack/react-query';
import type { PromotionCategory } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { promotionEndpoints } from '../../app/endpoints.ts';

/** Everything the promotion pages show, per caller (a visitor's status differs from a member's) and language. */
export const promotionsKey = (token: string | null) => ['promotions', token] as const;

export const promotionsQuery = (token: string | null, category: PromotionCategory | null, language: string) =>
  queryOptions({
    queryKey: [...promotionsKey(token), 'list', category, language],
    queryFn: ({ signal }) => api(promotionEndpoints.list, { query: category ? { category } : {}, signal }),
  });

export const promotionQuery = (token: string | null, id: number, language: string) =>
  queryOptions({
    queryKey: [...promotionsKey(token), 'detail', id, language],
    queryFn: ({ signal }) => api(promotionEndpoints.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
