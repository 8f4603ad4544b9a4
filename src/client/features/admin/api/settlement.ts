import { queryOptions } from '@tanstack/react-query';
import type { AdminSettlementResponse } from '@shared/api/admin-settlement';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, queryString } from './request';

/** The daily settlement of a range of UTC days (src/shared/api/admin-settlement.ts). */

export interface SettlementRange {
  from: string;
  to: string;
}

export const fetchSettlement = (range: SettlementRange) =>
  apiRequest<AdminSettlementResponse>(`${adminPath('settlement')}${queryString({ ...range })}`);

/** The same settlement as a spreadsheet file: a link the browser downloads. */
export const settlementCsvPath = (range: SettlementRange) => `${adminPath('settlement')}${queryString({ ...range, format: 'csv' })}`;

export const settlementQueryOptions = (range: SettlementRange) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'settlement', range.from, range.to], queryFn: () => fetchSettlement(range), staleTime: 0 });
