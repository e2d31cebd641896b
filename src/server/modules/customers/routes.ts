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
import { withTenant } from '../../db/tenant.ts';
import { access, requireStaff } from '../../http/access.ts';
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
  const db = deps.database.db;
  const config = { access: access.permission('manage_customers') };
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
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => listCustomers(tx, business.id, request.query));
    },
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
    async (request) => {
      const { business } = await requireStaff(request, deps);
      return withTenant(db, business.id, (tx) => customerSummary(tx, business.id, request.query.search));
    },
  );

  app.post(
    '/api/v1/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Add a customer (stats start at 0)',
        body: customerCreateInput,
        response: { 201: customerBody },
      },
    },
    async (request, reply) => {
      const { business } = await requireStaff(request, deps);
      const created = await withTenant(db, business.id, (tx) =>
        createCustomer(tx, business.id, request.body),
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
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const found = await withTenant(db, business.id, (tx) =>
        findCustomer(tx, business.id, request.params.id),
      );
      return { customer: found };
    },
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
        response: { 200: customerBody },
      },
    },
    async (request) => {
      const { business } = await requireStaff(request, deps);
      const updated = await withTenant(db, business.id, (tx) =>
        updateCustomer(tx, business.id, request.params.id, request.body),
      );
      return { customer: updated };
    },
  );

  app.delete(
    '/api/v1/customers/:id',
    {
      config,
      schema: { tags, summary: 'Delete a customer (soft: past sales keep the name)', params: idParams },
    },
    async (request, reply) => {
      const { business } = await requireStaff(request, deps);
      await withTenant(db, business.id, (tx) => deleteCustomer(tx, business.id, request.params.id));
      return reply.status(204).send();
    },
  );
}
