import type { App, AppDeps } from '../../http/types.ts';
import { categoryRoutes } from './category-routes.ts';
import { importExportRoutes } from './import-export-routes.ts';
import { productRoutes } from './product-routes.ts';
import { stockRoutes } from './stock-routes.ts';

// Products, their stock and categories (operations §2 Product Management, §3, §4, §5). Every read and write
// runs in the business's tenant transaction and filters by its id.
export async function catalogRoutes(app: App, deps: AppDeps): Promise<void> {
  await importExportRoutes(app, deps);
  await productRoutes(app, deps);
  await stockRoutes(app, deps);
  await categoryRoutes(app, deps);
}
