// The request page's server calls (anonymous, not replicated), through TanStack Query.
import { useMutation, useQuery } from '@tanstack/react-query';
import { sendUntilAnswered } from '../../lib/send-until-answered';
import { callRpc } from '../../lib/server-api';
import { requestAnswerSchema, requestOrganizationSchema, type RequestFormValues } from './schemas';

/** Who the form files to: the organization of the slug, or the deployment's default (null slug). */
export function useRequestOrganization(slug: string | null) {
  return useQuery({
    queryKey: ['request-organization', slug],
    queryFn: () => callRpc('request_form_organization', { p_org: slug }, requestOrganizationSchema),
  });
}

/** Files the request; a lost connection is retried with the same key (one request, one reference). */
export function useSubmitRequest(onRetry: (attempt: number) => void) {
  return useMutation({
    mutationFn: ({ key, slug, values }: { key: string; slug: string | null; values: RequestFormValues }) =>
      sendUntilAnswered(
        () =>
          callRpc(
            'submit_estimate_request',
            {
              p_key: key,
              p_org: slug,
              p_name: values.name,
              p_email: values.email,
              p_phone: values.phone,
              p_company: values.company,
              p_description: values.description,
              p_desired_start: values.desiredStart || null,
              p_budget_range: values.budgetRange,
              p_website: values.website,
            },
            requestAnswerSchema,
          ),
        { onRetry },
      ),
  });
}
