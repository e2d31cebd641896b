// The till's own browser-storage keys: device preferences, one per browser. The cart is business data and
// lives under cartStorageKey(slug).
export const TILL_STORAGE_KEYS = {
  /** The receipt paper chosen in the receipt dialog: '80' or '58' (mm). */
  receiptPaper: 'pos-receipt-paper',
} as const;
