// operations §9: receipt numbers are RCP-{timestamp}-{6 random uppercase chars}; refunds use REF-….
// The timestamp is milliseconds since the epoch; the six characters are A–Z and 0–9.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const RECEIPT_NUMBER_PATTERN = /^(RCP|REF)-(\d+)-([A-Z0-9]{6})$/;

/** Returns an integer in [0, n). Injectable so tests can fix the random part. */
export type RandomIndex = (n: number) => number;

// Random bytes are drawn 256 at a time: one call to the system's source per byte (six or more per receipt)
// showed in a checkout's profile.
const randomBytes = new Uint8Array(256);
let nextRandomByte = randomBytes.length;

function randomByte(): number {
  if (nextRandomByte === randomBytes.length) {
    globalThis.crypto.getRandomValues(randomBytes);
    nextRandomByte = 0;
  }
  return randomBytes[nextRandomByte++] as number;
}

export const cryptoRandomIndex: RandomIndex = (n) => {
  // Rejection sampling keeps every character equally likely.
  const limit = Math.floor(256 / n) * n;
  for (;;) {
    const byte = randomByte();
    if (byte < limit) return byte % n;
  }
};

function randomSuffix(random: RandomIndex): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[random(ALPHABET.length)];
  return suffix;
}

/** A sale's receipt number: RCP-1718000000000-K3Q9ZD. */
export function saleReceiptNumber(now: Date, random: RandomIndex = cryptoRandomIndex): string {
  return `RCP-${now.getTime()}-${randomSuffix(random)}`;
}

/** A refund's receipt number: REF-1718000000000-K3Q9ZD. */
export function refundReceiptNumber(now: Date, random: RandomIndex = cryptoRandomIndex): string {
  return `REF-${now.getTime()}-${randomSuffix(random)}`;
}

export function isReceiptNumber(text: string): boolean {
  return RECEIPT_NUMBER_PATTERN.test(text);
}
