// Real-looking stock of Ghanaian shops for the demo businesses. Prices in pesewas; tax rates in percent
// (unprocessed staples carry none).

export type DemoProduct = {
  name: string;
  category: string;
  price: number;
  cost: number;
  stock: number;
  min?: number;
  tax?: string;
  description?: string;
};

export type DemoShop = {
  slug: string;
  name: string;
  type: string;
  address: string;
  phone: string;
  email: string;
  /** GS1 company prefix digits for the shop's barcodes (603 is Ghana's). */
  barcodePrefix: string;
  categories: string[];
  products: DemoProduct[];
};

export const DEMO_SHOPS: DemoShop[] = [
  {
    slug: 'demo',
    name: 'Demo Shop',
    type: 'Grocery Store',
    address: '14 Oxford Street, Osu, Accra',
    phone: '+233 24 123 4567',
    email: 'hello@demoshop.com.gh',
    barcodePrefix: '6031000',
    categories: [
      'Beverages',
      'Provisions',
      'Staples',
      'Toiletries & Household',
      'Snacks & Sweets',
      'Baby Care',
      'Phones & Power',
    ],
    products: [
      {
        name: 'Voltic Mineral Water 1.5L',
        category: 'Beverages',
        price: 600,
        cost: 420,
        stock: 96,
        tax: '0',
      },
      {
        name: 'Voltic Sachet Water (bag of 30)',
        category: 'Beverages',
        price: 1200,
        cost: 850,
        stock: 40,
        tax: '0',
      },
      { name: 'Coca-Cola 500ml', category: 'Beverages', price: 850, cost: 620, stock: 72 },
      { name: 'Fanta Orange 500ml', category: 'Beverages', price: 850, cost: 620, stock: 48 },
      { name: 'Sprite 500ml', category: 'Beverages', price: 850, cost: 620, stock: 36 },
      { name: 'Malta Guinness 330ml Can', category: 'Beverages', price: 1000, cost: 760, stock: 60 },
      { name: 'Alvaro Pear 330ml', category: 'Beverages', price: 900, cost: 680, stock: 4, min: 12 },
      { name: 'Kalyppo Mango 200ml', category: 'Beverages', price: 350, cost: 240, stock: 120 },
      { name: 'Milo 400g Tin', category: 'Beverages', price: 5500, cost: 4600, stock: 18 },
      {
        name: 'Lipton Yellow Label Tea (50 bags)',
        category: 'Beverages',
        price: 2500,
        cost: 1950,
        stock: 22,
      },
      { name: 'Nescafé Classic 50g', category: 'Beverages', price: 2800, cost: 2200, stock: 3, min: 6 },
      { name: 'Club Beer 625ml', category: 'Beverages', price: 1500, cost: 1150, stock: 48 },
      {
        name: 'Peak Full Cream Milk Powder 400g',
        category: 'Provisions',
        price: 6000,
        cost: 5100,
        stock: 15,
      },
      { name: 'Ideal Evaporated Milk 160g', category: 'Provisions', price: 950, cost: 760, stock: 84 },
      { name: 'Gino Tomato Paste 70g Sachet', category: 'Provisions', price: 300, cost: 210, stock: 200 },
      { name: 'Gino Tomato Paste 400g Tin', category: 'Provisions', price: 2200, cost: 1750, stock: 30 },
      { name: 'Titus Sardines 125g', category: 'Provisions', price: 1400, cost: 1100, stock: 64 },
      {
        name: 'Geisha Mackerel in Tomato Sauce 155g',
        category: 'Provisions',
        price: 1300,
        cost: 1020,
        stock: 50,
      },
      { name: 'Nkulenu Palm Soup Base 800g', category: 'Provisions', price: 3500, cost: 2800, stock: 12 },
      { name: 'Onga Stew Seasoning (pack of 8)', category: 'Provisions', price: 500, cost: 360, stock: 150 },
      { name: 'Maggi Star Cubes (pack of 10)', category: 'Provisions', price: 400, cost: 290, stock: 5 },
      { name: 'Indomie Chicken Noodles 70g', category: 'Provisions', price: 450, cost: 330, stock: 240 },
      { name: 'St Louis Sugar Cubes 500g', category: 'Provisions', price: 2200, cost: 1780, stock: 26 },
      { name: 'Tom Brown Roasted Cereal 500g', category: 'Provisions', price: 2500, cost: 1900, stock: 14 },
      {
        name: 'Royal Aroma Jasmine Rice 5kg',
        category: 'Staples',
        price: 14500,
        cost: 12400,
        stock: 20,
        tax: '0',
      },
      { name: 'Gari (Ijebu) 1kg', category: 'Staples', price: 1500, cost: 1050, stock: 45, tax: '0' },
      { name: 'Frytol Vegetable Oil 1L', category: 'Staples', price: 3800, cost: 3150, stock: 33 },
      {
        name: 'Kpakpo Shito Hot Pepper Sauce 300g',
        category: 'Staples',
        price: 3000,
        cost: 2300,
        stock: 0,
        min: 4,
      },
      { name: 'Key Soap Bar', category: 'Toiletries & Household', price: 800, cost: 560, stock: 90 },
      {
        name: 'Sunlight Washing Powder 900g',
        category: 'Toiletries & Household',
        price: 3500,
        cost: 2800,
        stock: 24,
      },
      {
        name: 'Omo Multi-Active 500g',
        category: 'Toiletries & Household',
        price: 2200,
        cost: 1720,
        stock: 28,
      },
      {
        name: 'Pepsodent Toothpaste 140g',
        category: 'Toiletries & Household',
        price: 1500,
        cost: 1120,
        stock: 40,
      },
      {
        name: 'Geisha Beauty Soap 175g',
        category: 'Toiletries & Household',
        price: 900,
        cost: 650,
        stock: 70,
      },
      {
        name: 'Dettol Antiseptic Liquid 250ml',
        category: 'Toiletries & Household',
        price: 3000,
        cost: 2400,
        stock: 16,
      },
      {
        name: 'Softcare Toilet Tissue (4 rolls)',
        category: 'Toiletries & Household',
        price: 1600,
        cost: 1200,
        stock: 2,
        min: 10,
      },
      {
        name: 'Morning Fresh Dishwashing Liquid 400ml',
        category: 'Toiletries & Household',
        price: 1800,
        cost: 1350,
        stock: 21,
      },
      {
        name: 'Golden Tree Kingsbite Chocolate 50g',
        category: 'Snacks & Sweets',
        price: 700,
        cost: 500,
        stock: 85,
      },
      {
        name: 'Golden Tree Royal Milk Chocolate 100g',
        category: 'Snacks & Sweets',
        price: 1200,
        cost: 900,
        stock: 40,
      },
      { name: 'Beloxxi Cream Crackers', category: 'Snacks & Sweets', price: 500, cost: 360, stock: 110 },
      {
        name: 'Plantain Chips 100g',
        category: 'Snacks & Sweets',
        price: 500,
        cost: 300,
        stock: 60,
        description: 'Made in Kumasi',
      },
      { name: 'FanYogo Strawberry 120ml', category: 'Snacks & Sweets', price: 500, cost: 380, stock: 48 },
      {
        name: 'Roasted Groundnuts (bottle)',
        category: 'Snacks & Sweets',
        price: 1000,
        cost: 600,
        stock: 30,
        tax: '0',
      },
      { name: 'Pampers Baby-Dry Size 3 (12 pcs)', category: 'Baby Care', price: 4500, cost: 3700, stock: 18 },
      { name: 'Cerelac Wheat 400g', category: 'Baby Care', price: 4800, cost: 3950, stock: 11 },
      { name: "Johnson's Baby Oil 200ml", category: 'Baby Care', price: 3200, cost: 2500, stock: 9 },
      { name: 'Tiger Head AA Batteries (4)', category: 'Phones & Power', price: 1200, cost: 850, stock: 50 },
      { name: 'Rechargeable LED Torch', category: 'Phones & Power', price: 6000, cost: 4300, stock: 7 },
      { name: 'USB-C Charging Cable 1m', category: 'Phones & Power', price: 2500, cost: 1300, stock: 25 },
      { name: 'Oraimo Power Bank 10000mAh', category: 'Phones & Power', price: 18000, cost: 14500, stock: 6 },
      {
        name: 'Ice Cold Bottled Water 500ml',
        category: 'Beverages',
        price: 300,
        cost: 180,
        stock: 150,
        tax: '0',
      },
      {
        name: 'Bread (Tea Bread Loaf)',
        category: 'Staples',
        price: 1500,
        cost: 1100,
        stock: 12,
        tax: '0',
        description: 'Delivered fresh every morning',
      },
      { name: 'Eggs (crate of 30)', category: 'Staples', price: 7500, cost: 6600, stock: 8, tax: '0' },
    ],
  },
  {
    slug: 'kofi-mart',
    name: 'Kofi Mart',
    type: 'Retail Store',
    address: 'Adum, Kumasi',
    phone: '+233 20 555 0101',
    email: 'kofimart@example.com.gh',
    barcodePrefix: '6031001',
    categories: ['Drinks', 'Food Items'],
    products: [
      { name: 'Coca-Cola 500ml', category: 'Drinks', price: 850, cost: 620, stock: 40 },
      { name: 'Voltic Mineral Water 750ml', category: 'Drinks', price: 400, cost: 280, stock: 60, tax: '0' },
      { name: 'Indomie Onion Chicken 70g', category: 'Food Items', price: 450, cost: 330, stock: 100 },
      { name: 'Gino Tomato Paste 70g Sachet', category: 'Food Items', price: 300, cost: 210, stock: 80 },
      { name: 'Frytol Vegetable Oil 1L', category: 'Food Items', price: 3800, cost: 3150, stock: 15 },
    ],
  },
  {
    slug: 'adjoa-pharmacy',
    name: 'Adjoa Pharmacy',
    type: 'Pharmacy',
    address: 'Ring Road Central, Accra',
    phone: '+233 27 555 0202',
    email: 'adjoapharmacy@example.com.gh',
    barcodePrefix: '6031002',
    categories: ['Pain Relief', 'Personal Care'],
    products: [
      {
        name: 'Paracetamol 500mg (strip of 10)',
        category: 'Pain Relief',
        price: 300,
        cost: 150,
        stock: 200,
        tax: '0',
      },
      {
        name: 'Efpac Junior Syrup 100ml',
        category: 'Pain Relief',
        price: 1800,
        cost: 1300,
        stock: 25,
        tax: '0',
      },
      {
        name: 'Dettol Antiseptic Liquid 250ml',
        category: 'Personal Care',
        price: 3000,
        cost: 2400,
        stock: 20,
      },
      {
        name: 'Vaseline Petroleum Jelly 100ml',
        category: 'Personal Care',
        price: 1500,
        cost: 1100,
        stock: 30,
      },
    ],
  },
  {
    slug: 'osu-electronics',
    name: 'Osu Electronics',
    type: 'Electronics Store',
    address: 'Cantonments Road, Osu, Accra',
    phone: '+233 55 555 0303',
    email: 'osuelectronics@example.com.gh',
    barcodePrefix: '6031003',
    categories: ['Phones', 'Accessories'],
    products: [
      { name: 'Tecno Spark 20 (128GB)', category: 'Phones', price: 185000, cost: 160000, stock: 6 },
      { name: 'itel A70 (64GB)', category: 'Phones', price: 98000, cost: 84000, stock: 9 },
      { name: 'Oraimo FreePods Lite', category: 'Accessories', price: 25000, cost: 19000, stock: 14 },
      { name: 'USB-C Charging Cable 1m', category: 'Accessories', price: 2500, cost: 1300, stock: 40 },
    ],
  },
];
