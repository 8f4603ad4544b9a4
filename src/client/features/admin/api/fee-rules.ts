import { queryOptions } from '@tanstack/react-query';
import type {
  AdminFeeRuleBody,
  AdminFeeRuleOperatorsResponse,
  AdminFeeRuleRemoval,
  AdminFeeRulesResponse,
  AdminFeeRulesUpdateResponse,
} from '@shared/api/admin-fee-rules';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, checkedReason, queryString } from './request';

/** The fee rules per corridor (src/shared/api/admin-fee-rules.ts): the rules, a country's operators, saving and removing. */

export const fetchFeeRules = () => apiRequest<AdminFeeRulesResponse>(adminPath('pricing', 'rules'));

export const fetchFeeRuleOperators = (countryCode: string) =>
  apiRequest<AdminFeeRuleOperatorsResponse>(`${adminPath('pricing', 'rules', 'operators')}${queryString({ countryCode })}`);

export const saveFeeRule = (body: AdminFeeRuleBody) =>
  apiRequest<AdminFeeRulesUpdateResponse>(adminPath('pricing', 'rules'), { method: 'PUT', body });

export const removeFeeRule = (body: AdminFeeRuleRemoval) =>
  apiRequest<AdminFeeRulesUpdateResponse>(adminPath('pricing', 'rules'), {
    method: 'DELETE',
    body: { ...body, reason: checkedReason(body.reason) },
  });

export const feeRulesQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'fee-rules'], queryFn: fetchFeeRules, staleTime: 0 });

export const feeRuleOperatorsQueryOptions = (countryCode: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'fee-rule-operators', countryCode],
    queryFn: () => fetchFeeRuleOperators(countryCode),
    staleTime: 60_000,
  });
