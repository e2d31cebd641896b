import { AppError } from '../../http/errors.ts';

// The catalog's expected failures. Messages are the spec's text where it has one (operations §5).

export const PRODUCT_NOT_FOUND = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found', 404);
export const CATEGORY_NOT_FOUND = () => new AppError('CATEGORY_NOT_FOUND', 'Category not found', 404);
export const CATEGORY_REFUSED = () =>
  new AppError('VALIDATION_FAILED', 'Category not found', 400, { category_id: 'Category not found' });
export const CATEGORY_INACTIVE = () =>
  new AppError('VALIDATION_FAILED', 'This category has been deactivated; choose another one', 400, {
    category_id: 'This category has been deactivated; choose another one',
  });

export function productCodeTaken(field: 'barcode' | 'sku', code: string, holder: string): AppError {
  const label = field === 'sku' ? 'SKU' : 'Barcode';
  const message = `${label} ${code} is already used by "${holder}"`;
  return new AppError(field === 'sku' ? 'SKU_TAKEN' : 'BARCODE_TAKEN', message, 409, { [field]: message });
}

export function categoryNameTaken(name: string): AppError {
  const message = `A category named "${name}" already exists`;
  return new AppError('CATEGORY_NAME_TAKEN', message, 409, { name: message });
}

export const INSUFFICIENT_STOCK = (name: string, available: number) =>
  // operations §5 cart text, for a stock change that would go below zero.
  new AppError('INSUFFICIENT_STOCK', `Only ${available} units of ${name} available.`, 409);

export const STOCK_TOO_LARGE = () =>
  new AppError('VALIDATION_FAILED', 'Stock quantity is too large', 400, {
    quantity: 'Stock quantity is too large',
  });

export const IMPORT_HAS_ERRORS = (count: number) =>
  new AppError(
    'IMPORT_HAS_ERRORS',
    `${count} ${count === 1 ? 'row has' : 'rows have'} errors. Nothing was imported: fix ${count === 1 ? 'it' : 'them'} and import the file again.`,
    400,
  );

export const IMPORT_FILE_INVALID = (problem: string) => new AppError('IMPORT_FILE_INVALID', problem, 400);

/** The name of the unique index a database error broke, if it is a unique violation (23505). */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
