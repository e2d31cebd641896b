import { useMutation } from '@tanstack/react-query';
import type { ContactRequestInput } from '#domain/schemas/contact-request.ts';
import { api } from '#web/lib/api-client.ts';

export type ContactRequestCreated = { contact_request: { id: string; created_at: string } };

export function createContactRequest(input: ContactRequestInput): Promise<ContactRequestCreated> {
  return api.post<ContactRequestCreated>('/api/v1/public/contact-requests', input);
}

export function useCreateContactRequest() {
  return useMutation({ mutationFn: createContactRequest });
}
