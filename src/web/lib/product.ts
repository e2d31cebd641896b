// The product's name and public contact details, used by every page that shows them.
export const PRODUCT_NAME = 'Akwaaba POS';
export const PRODUCT_TITLE = 'Akwaaba POS — Point of Sale for Ghanaian Shops';
export const PRODUCT_TAGLINE = 'Point of sale for Ghanaian shops';
export const SUPPORT_PHONE = '+233 30 000 0000';
export const SUPPORT_PHONE_HREF = 'tel:+233300000000';
export const SUPPORT_EMAIL = 'hello@akwaabapos.com';
export const OFFICE_ADDRESS = 'Ring Road Central, Accra, Ghana';
