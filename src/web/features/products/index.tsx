import { ProductsPage } from './pages/products-page.tsx';

/** /app/products (manage_products). */
export default ProductsPage;
