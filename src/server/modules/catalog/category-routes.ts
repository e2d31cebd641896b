import { z } from 'zod';
import {
  category,
  categoryCreateInput,
  categoryListQuery,
  categoryOrderInput,
  categoryUpdateInput,
  idParams,
} from '#domain/schemas/catalog.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createCategory, listCategories, reorderCategories, updateCategory } from './categories.ts';

const categoryBody = z.object({ category });
const categoriesBody = z.object({ categories: z.array(category) });
const tags = ['categories'];
const manageCategories = { access: access.permission('manage_categories') };

// Categories (operations §3): listed for every staff member, managed by those who may.
export async function categoryRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/categories',
    {
      // Any staff member: the till filters its grid by category. Inactive ones only for those who manage them
      // (the use case checks that, as it depends on the query).
      config: { access: access.staff },
      schema: {
        tags,
        summary: 'Categories in their order (active only unless include_inactive=true)',
        querystring: categoryListQuery,
        response: { 200: categoriesBody },
      },
    },
    async (request) => ({
      categories: await inTenant(request, deps, (scope, tx) =>
        listCategories({ ...scope, input: { includeInactive: request.query.include_inactive } }, tx),
      ),
    }),
  );

  app.post(
    '/api/v1/categories',
    {
      config: manageCategories,
      schema: {
        tags,
        summary: 'Add a category (it goes last)',
        body: categoryCreateInput,
        response: { 201: categoryBody, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, deps, (scope, tx) =>
        createCategory({ ...scope, input: { name: request.body.name } }, tx),
      );
      return reply.status(201).send({ category: created });
    },
  );

  app.put(
    '/api/v1/categories/order',
    {
      config: manageCategories,
      schema: {
        tags,
        summary: 'Put categories in a new order',
        body: categoryOrderInput,
        response: { 200: categoriesBody },
      },
    },
    async (request) => ({
      categories: await inTenant(request, deps, (scope, tx) =>
        reorderCategories({ ...scope, input: { ids: request.body.ids } }, tx),
      ),
    }),
  );

  app.patch(
    '/api/v1/categories/:id',
    {
      config: manageCategories,
      schema: {
        tags,
        summary: 'Rename, deactivate or reactivate a category',
        params: idParams,
        body: categoryUpdateInput,
        response: { 200: categoryBody, ...errorResponses(409) },
      },
    },
    async (request) => ({
      category: await inTenant(request, deps, (scope, tx) =>
        updateCategory({ ...scope, input: { id: request.params.id, changes: request.body } }, tx),
      ),
    }),
  );
}
