import { z } from 'zod';
import { idParams } from '#domain/schemas/catalog.ts';
import {
  customer,
  customerCreateInput,
  customerFilters,
  customerList,
  customerListQuery,
  customerSummary as customerSummaryBody,
  customerUpdateInput,
} from '#domain/schemas/customers.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  createCustomer,
  customerSummary,
  deleteCustomer,
  findCustomer,
  listCustomers,
  updateCustomer,
} from './service.ts';

const customerBody = z.object({ customer });

// The customer book; cashiers hold manage_customers too (the till's customer picker uses these routes).
export async function customerRoutes(app: App, deps: AppDeps): Promise<void> {
  // Settings → Business: with customer management turned off, the customer book is closed (its screens too).
  const config = { access: access.permission('manage_customers'), feature: 'customer_management' as const };
  const tags = ['customers'];

  app.get(
    '/api/v1/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Active customers by name; search on name, phone or email',
        querystring: customerListQuery,
        response: { 200: customerList },
      },
    },
    (request) =>
      inTenant(request, deps, ({ businessId }, tx) => listCustomers(tx, businessId, request.query)),
  );

  app.get(
    '/api/v1/customers/summary',
    {
      config,
      schema: {
        tags,
        summary: 'The four cards of the customer screen',
        querystring: customerFilters,
        response: { 200: customerSummaryBody },
      },
    },
    (request) =>
      inTenant(request, deps, ({ businessId }, tx) => customerSummary(tx, businessId, request.query.search)),
  );

  app.post(
    '/api/v1/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Add a customer (stats start at 0)',
        body: customerCreateInput,
        response: { 201: customerBody, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, deps, (scope, tx) =>
        createCustomer({ ...scope, input: request.body }, tx),
      );
      return reply.status(201).send({ customer: created });
    },
  );

  app.get(
    '/api/v1/customers/:id',
    {
      config,
      schema: { tags, summary: 'One customer', params: idParams, response: { 200: customerBody } },
    },
    async (request) => ({
      customer: await inTenant(request, deps, ({ businessId }, tx) =>
        findCustomer(tx, businessId, request.params.id),
      ),
    }),
  );

  app.patch(
    '/api/v1/customers/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change name, phone or email (null clears); the stats are not editable',
        params: idParams,
        body: customerUpdateInput,
        response: { 200: customerBody, ...errorResponses(409) },
      },
    },
    async (request) => ({
      customer: await inTenant(request, deps, (scope, tx) =>
        updateCustomer({ ...scope, input: { id: request.params.id, changes: request.body } }, tx),
      ),
    }),
  );

  app.delete(
    '/api/v1/customers/:id',
    {
      config,
      schema: { tags, summary: 'Delete a customer (soft: past sales keep the name)', params: idParams },
    },
    async (request, reply) => {
      await inTenant(request, deps, (scope, tx) =>
        deleteCustomer({ ...scope, input: { id: request.params.id } }, tx),
      );
      return reply.status(204).send();
    },
  );
}
