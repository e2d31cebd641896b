// Limits and messages of a product, apart from the zod schemas that check them, so that a screen which
// only shows a message (the till's quick add) does not load zod before the till can sell.

export const MAX_PRICE = 1_000_000_000; // ₵10,000,000.00
export const MAX_STOCK = 1_000_000_000;
export const MAX_PRODUCT_NAME = 200;
export const MAX_DESCRIPTION = 2000;
export const MAX_CODE = 64;
export const MAX_IMAGE_URL = 2000;
export const DEFAULT_TAX_RATE = 12.5; // operations §9
export const DEFAULT_MIN_STOCK = 5;
export const DEFAULT_STOCK = 0;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  nameTooLong: `Product name must be at most ${MAX_PRODUCT_NAME} characters`,
  descriptionTooLong: `Description must be at most ${MAX_DESCRIPTION} characters`,
  categoryRequired: 'Category is required',
  categoryInvalid: 'Category not found',
  pricePositive: 'Price must be positive',
  priceRequired: 'Selling price is required',
  priceFormat: 'Enter the price in cedis with at most 2 decimals, e.g. 12.50',
  priceTooLarge: 'Price is too large',
  pricePesewas: 'Price must be a whole number of pesewas',
  costPositive: 'Cost price must be positive',
  costFormat: 'Enter the cost price in cedis with at most 2 decimals, e.g. 8.00',
  taxRange: 'Tax rate must be between 0 and 100',
  stockPositive: 'Stock quantity must be positive',
  stockRequired: 'Current stock is required',
  stockWhole: 'Stock quantity must be a whole number',
  minStockPositive: 'Minimum stock level must be positive',
  minStockRequired: 'Minimum stock level is required',
  minStockWhole: 'Minimum stock level must be a whole number',
  tooLarge: 'Number is too large',
  barcodeFormat: `Barcode must be 1 to ${MAX_CODE} letters, digits or symbols, without spaces`,
  skuFormat: `SKU must be 1 to ${MAX_CODE} letters, digits or symbols, without spaces`,
  imageUrl: 'Please enter a valid image URL (http:// or https://)',
} as const;
