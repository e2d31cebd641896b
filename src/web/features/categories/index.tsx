import { CategoriesPage } from './pages/categories-page.tsx';

/** /app/products/categories (manage_categories). */
export default CategoriesPage;
