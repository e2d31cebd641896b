import { COMMON_ERROR_STATUS, errorCodes } from '../../http/errors.ts';

// The catalog's expected failures, each code with its status once. Messages are the spec's text where it has
// one (operations §5).
const catalogError = errorCodes({
  ...COMMON_ERROR_STATUS,
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  SKU_TAKEN: 409,
  BARCODE_TAKEN: 409,
  CATEGORY_NAME_TAKEN: 409,
  IMPORT_HAS_ERRORS: 400,
  IMPORT_FILE_INVALID: 400,
});
export const CATALOG_ERROR_STATUS = catalogError.statuses;

/** operations §8 'Product not found'; `field` names the request field that named it, where one did. */
export const PRODUCT_NOT_FOUND = (field?: string) =>
  catalogError(
    'PRODUCT_NOT_FOUND',
    'Product not found',
    field ? { [field]: 'Product not found' } : undefined,
  );
export const CATEGORY_NOT_FOUND = () => catalogError('CATEGORY_NOT_FOUND', 'Category not found');
export const CATEGORY_REFUSED = () =>
  catalogError('VALIDATION_FAILED', 'Category not found', { category_id: 'Category not found' });
export const CATEGORY_INACTIVE = () =>
  catalogError('VALIDATION_FAILED', 'This category has been deactivated; choose another one', {
    category_id: 'This category has been deactivated; choose another one',
  });
export const CATEGORY_ORDER_REPEATS = () =>
  catalogError('VALIDATION_FAILED', 'A category appears twice in the new order', {
    ids: 'A category appears twice in the new order',
  });

export function productCodeTaken(field: 'barcode' | 'sku', code: string, holder: string) {
  const label = field === 'sku' ? 'SKU' : 'Barcode';
  const message = `${label} ${code} is already used by "${holder}"`;
  return catalogError(field === 'sku' ? 'SKU_TAKEN' : 'BARCODE_TAKEN', message, { [field]: message });
}

export function categoryNameTaken(name: string) {
  const message = `A category named "${name}" already exists`;
  return catalogError('CATEGORY_NAME_TAKEN', message, { name: message });
}

export const STOCK_TOO_LARGE = () =>
  catalogError('VALIDATION_FAILED', 'Stock quantity is too large', {
    quantity: 'Stock quantity is too large',
  });

export const IMPORT_HAS_ERRORS = (count: number) =>
  catalogError(
    'IMPORT_HAS_ERRORS',
    `${count} ${count === 1 ? 'row has' : 'rows have'} errors. Nothing was imported: fix ${count === 1 ? 'it' : 'them'} and import the file again.`,
  );

export const IMPORT_FILE_INVALID = (problem: string) => catalogError('IMPORT_FILE_INVALID', problem);
