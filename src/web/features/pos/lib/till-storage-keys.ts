// The till's own browser-storage keys (the cart's key is the domain's CART_STORAGE_KEY).
export const TILL_STORAGE_KEYS = {
  /** The receipt paper chosen in the receipt dialog: '80' or '58' (mm). */
  receiptPaper: 'pos-receipt-paper',
} as const;
