/**
 * Built-in word lists of the sample shop: names, places, categories and product vocabularies. Plain ASCII so the
 * offline question engine can match question words to data values without accent folding.
 */

/** Given names (international mix). */
export const FIRST_NAMES: readonly string[] = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth',
  'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Daniel', 'Emma', 'Matthew', 'Olivia', 'Anthony', 'Sophia', 'Mark', 'Isabella', 'Paul', 'Mia',
  'Steven', 'Charlotte', 'Andrew', 'Amelia', 'Joshua', 'Harper', 'Kevin', 'Emily', 'Brian', 'Chloe',
  'Lukas', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Marie', 'Leon', 'Clara', 'Hugo', 'Camille',
  'Louis', 'Lea', 'Mateo', 'Lucia', 'Pablo', 'Carmen', 'Marco', 'Giulia', 'Luca', 'Francesca',
  'Lars', 'Astrid', 'Erik', 'Ingrid', 'Piotr', 'Zofia', 'Sean', 'Aoife', 'Rahul', 'Priya',
  'Arjun', 'Ananya', 'Kenji', 'Yuki', 'Haruto', 'Sakura', 'Lucas', 'Ana', 'Diego', 'Valentina',
];

/** Family names (international mix). */
export const LAST_NAMES: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White',
  'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips',
  'Evans', 'Turner', 'Murphy', 'Kelly', 'Walsh', 'Mueller', 'Schmidt', 'Schneider', 'Fischer', 'Weber',
  'Meyer', 'Wagner', 'Becker', 'Dubois', 'Moreau', 'Laurent', 'Bernard', 'Rossi', 'Russo', 'Ferrari',
  'Bianchi', 'Fernandez', 'Lopez', 'Gonzalez', 'Sanchez', 'Silva', 'Santos', 'Oliveira', 'Andersson', 'Johansson',
  'Nielsen', 'Jansen', 'De Vries', 'Kowalski', 'Nowak', 'Sato', 'Suzuki', 'Tanaka', 'Patel', 'Sharma',
];

/** Email domains of private customers. */
export const EMAIL_DOMAINS: readonly string[] = [
  'gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'hotmail.com', 'proton.me', 'gmx.net', 'mail.com',
];

/** A country the shop sells to: its cities, region, ISO code and relative share of customers. */
export interface CountryInfo {
  name: string;
  isoCode: string;
  region: string;
  /** Phone country calling code, e.g. `+1`. */
  callingCode: string;
  cities: readonly string[];
  /** Relative weight of customers living there. */
  weight: number;
}

/** The 20 countries (43 cities, 4 regions) of the shop; weights skew customers towards the United States. */
export const COUNTRIES: readonly CountryInfo[] = [
  { name: 'United States', isoCode: 'US', region: 'North America', callingCode: '+1', cities: ['New York', 'Los Angeles', 'Chicago', 'Houston', 'Seattle'], weight: 30 },
  { name: 'United Kingdom', isoCode: 'GB', region: 'Europe', callingCode: '+44', cities: ['London', 'Manchester', 'Birmingham'], weight: 12 },
  { name: 'Germany', isoCode: 'DE', region: 'Europe', callingCode: '+49', cities: ['Berlin', 'Munich', 'Hamburg'], weight: 11 },
  { name: 'France', isoCode: 'FR', region: 'Europe', callingCode: '+33', cities: ['Paris', 'Lyon', 'Marseille'], weight: 8 },
  { name: 'Canada', isoCode: 'CA', region: 'North America', callingCode: '+1', cities: ['Toronto', 'Vancouver', 'Montreal'], weight: 7 },
  { name: 'Australia', isoCode: 'AU', region: 'Asia Pacific', callingCode: '+61', cities: ['Sydney', 'Melbourne'], weight: 5 },
  { name: 'Spain', isoCode: 'ES', region: 'Europe', callingCode: '+34', cities: ['Madrid', 'Barcelona'], weight: 4 },
  { name: 'Italy', isoCode: 'IT', region: 'Europe', callingCode: '+39', cities: ['Rome', 'Milan'], weight: 4 },
  { name: 'Netherlands', isoCode: 'NL', region: 'Europe', callingCode: '+31', cities: ['Amsterdam', 'Rotterdam'], weight: 3 },
  { name: 'Japan', isoCode: 'JP', region: 'Asia Pacific', callingCode: '+81', cities: ['Tokyo', 'Osaka'], weight: 3 },
  { name: 'Brazil', isoCode: 'BR', region: 'Latin America', callingCode: '+55', cities: ['Sao Paulo', 'Rio de Janeiro'], weight: 3 },
  { name: 'Mexico', isoCode: 'MX', region: 'Latin America', callingCode: '+52', cities: ['Mexico City', 'Guadalajara'], weight: 2 },
  { name: 'Sweden', isoCode: 'SE', region: 'Europe', callingCode: '+46', cities: ['Stockholm', 'Gothenburg'], weight: 2 },
  { name: 'Poland', isoCode: 'PL', region: 'Europe', callingCode: '+48', cities: ['Warsaw', 'Krakow'], weight: 2 },
  { name: 'India', isoCode: 'IN', region: 'Asia Pacific', callingCode: '+91', cities: ['Mumbai', 'Bangalore'], weight: 2 },
  { name: 'Ireland', isoCode: 'IE', region: 'Europe', callingCode: '+353', cities: ['Dublin'], weight: 1 },
  { name: 'Switzerland', isoCode: 'CH', region: 'Europe', callingCode: '+41', cities: ['Zurich'], weight: 1 },
  { name: 'Belgium', isoCode: 'BE', region: 'Europe', callingCode: '+32', cities: ['Brussels'], weight: 1 },
  { name: 'Denmark', isoCode: 'DK', region: 'Europe', callingCode: '+45', cities: ['Copenhagen'], weight: 1 },
  { name: 'New Zealand', isoCode: 'NZ', region: 'Asia Pacific', callingCode: '+64', cities: ['Auckland'], weight: 1 },
];

/** Customer segments with their share of customers and how much more often such a customer orders. */
export const SEGMENTS: readonly { name: string; share: number; orderFactor: number; quantityFactor: number }[] = [
  { name: 'Consumer', share: 0.62, orderFactor: 1, quantityFactor: 1 },
  { name: 'Small Business', share: 0.25, orderFactor: 1.6, quantityFactor: 1.5 },
  { name: 'Corporate', share: 0.13, orderFactor: 2.8, quantityFactor: 2.5 },
];

/** A product category: its vocabulary for product names, price ranges (USD) and share of demand. */
export interface CategoryInfo {
  name: string;
  description: string;
  /** Relative demand (how often its products are bought). */
  demand: number;
  brands: readonly string[];
  /** Product types with their usual price range in USD: `[type, minPrice, maxPrice]`. */
  types: readonly (readonly [string, number, number])[];
  variants: readonly string[];
}

/** The 10 categories of the shop. */
export const CATEGORIES: readonly CategoryInfo[] = [
  {
    name: 'Electronics', description: 'Phones, audio, cameras and smart home devices', demand: 1.5,
    brands: ['Voltix', 'Sonora', 'Lumen', 'Auralis', 'Nexio', 'Brightwave', 'Kestrel', 'Orbit'],
    types: [
      ['Wireless Earbuds', 25, 250], ['Bluetooth Speaker', 30, 300], ['Smartphone', 199, 1199], ['Smart Watch', 99, 699],
      ['Noise Cancelling Headphones', 89, 449], ['Action Camera', 149, 499], ['Smart Thermostat', 99, 279], ['Video Doorbell', 59, 249],
      ['E-Reader', 89, 279], ['Power Bank', 19, 79], ['Soundbar', 99, 899], ['Fitness Tracker', 29, 199],
    ],
    variants: ['Pro', 'Mini', 'Max', 'Lite', 'Plus', 'X', '2', 'Air', 'Ultra', 'SE'],
  },
  {
    name: 'Computers', description: 'Laptops, monitors, storage and peripherals', demand: 1.1,
    brands: ['Nexio', 'Quantix', 'Corebyte', 'Arcline', 'Pixelon', 'Stratus', 'Keyforge'],
    types: [
      ['Laptop', 499, 1899], ['Gaming Laptop', 999, 2499], ['27-inch Monitor', 179, 799], ['Mechanical Keyboard', 49, 229],
      ['Wireless Mouse', 15, 129], ['External SSD', 59, 299], ['USB-C Hub', 19, 99], ['Webcam', 29, 199],
      ['Desktop PC', 599, 2299], ['Tablet', 199, 1099], ['Wi-Fi Router', 59, 399], ['Laser Printer', 119, 499],
    ],
    variants: ['Pro', 'Air', 'Studio', 'Lite', 'Max', '14', '16', 'Plus', 'Go', 'Elite'],
  },
  {
    name: 'Home & Kitchen', description: 'Cookware, small appliances and home essentials', demand: 1.2,
    brands: ['Hearth', 'Copperline', 'Casa Bella', 'Brewmaster', 'Purely', 'Nordhaus', 'Oakridge'],
    types: [
      ['Coffee Maker', 29, 199], ['Espresso Machine', 149, 899], ['Chef Knife', 19, 179], ['Nonstick Frying Pan', 19, 89],
      ['Blender', 39, 349], ['Air Fryer', 59, 249], ['Cast Iron Skillet', 19, 99], ['Electric Kettle', 19, 119],
      ['Vacuum Cleaner', 99, 699], ['Bath Towel Set', 19, 89], ['Toaster', 19, 149], ['Food Storage Set', 12, 59],
    ],
    variants: ['Classic', 'Deluxe', 'Compact', 'Pro', 'Essential', 'Premium', 'XL', 'Touch', 'Duo', 'Signature'],
  },
  {
    name: 'Furniture', description: 'Desks, chairs, shelving and home furniture', demand: 0.6,
    brands: ['Nordhaus', 'Oakridge', 'Linea', 'Timberline', 'Hygge Home', 'Urbano'],
    types: [
      ['Office Chair', 99, 899], ['Standing Desk', 249, 1199], ['Bookshelf', 59, 449], ['Sofa', 499, 2499],
      ['Dining Table', 249, 1499], ['Bed Frame', 199, 1299], ['Nightstand', 49, 299], ['TV Stand', 79, 499],
      ['Desk Lamp', 19, 149], ['Armchair', 179, 999], ['Wardrobe', 199, 1299], ['Coffee Table', 79, 599],
    ],
    variants: ['Oak', 'Walnut', 'White', 'Black', 'Grey', 'Compact', 'Large', 'Ergonomic', 'Classic', 'Modern'],
  },
  {
    name: 'Clothing', description: 'Apparel for women, men and children', demand: 1.4,
    brands: ['Northpeak', 'Urban Thread', 'Salt & Stone', 'Maren', 'Fieldwear', 'Velvet Lane', 'Basecamp'],
    types: [
      ['T-Shirt', 9, 39], ['Hoodie', 29, 89], ['Denim Jeans', 39, 129], ['Rain Jacket', 59, 229],
      ['Wool Sweater', 49, 179], ['Chino Pants', 35, 99], ['Summer Dress', 29, 129], ['Down Jacket', 99, 399],
      ['Polo Shirt', 19, 69], ['Leggings', 19, 79], ['Flannel Shirt', 29, 79], ['Beanie', 9, 39],
    ],
    variants: ['Navy', 'Black', 'White', 'Olive', 'Grey', 'Red', 'Blue', 'Beige', 'Charcoal', 'Burgundy'],
  },
  {
    name: 'Shoes', description: 'Sneakers, boots and everyday footwear', demand: 0.9,
    brands: ['Stride', 'Trailborn', 'Cloudstep', 'Fieldwear', 'Northpeak', 'Pace'],
    types: [
      ['Running Shoes', 59, 199], ['Hiking Boots', 89, 249], ['Leather Sneakers', 69, 199], ['Chelsea Boots', 99, 269],
      ['Sandals', 19, 99], ['Trail Runners', 79, 189], ['Loafers', 59, 189], ['Slippers', 15, 69],
      ['Rain Boots', 29, 119], ['Training Shoes', 49, 159],
    ],
    variants: ['Black', 'White', 'Brown', 'Grey', 'Navy', 'Pro', 'Lite', 'Waterproof', 'Classic', 'Knit'],
  },
  {
    name: 'Sports & Outdoors', description: 'Fitness, camping, cycling and outdoor gear', demand: 0.8,
    brands: ['Trailborn', 'Summit', 'Ironform', 'Basecamp', 'Ridgeline', 'Velo'],
    types: [
      ['Yoga Mat', 15, 99], ['Camping Tent', 79, 699], ['Sleeping Bag', 39, 349], ['Adjustable Dumbbells', 99, 449],
      ['Mountain Bike', 399, 2499], ['Hiking Backpack', 49, 279], ['Water Bottle', 9, 45], ['Bike Helmet', 39, 199],
      ['Resistance Bands', 9, 39], ['Trekking Poles', 29, 149], ['Camping Stove', 29, 179], ['Kayak Paddle', 49, 299],
    ],
    variants: ['Pro', 'Lite', '2-Person', '4-Person', 'Ultralight', 'Trail', 'Sport', 'Expedition', 'Classic', 'Compact'],
  },
  {
    name: 'Books', description: 'Fiction, non-fiction, cookbooks and guides', demand: 1.0,
    brands: ['Harbor Press', 'Bluefield Books', 'Quill House', 'Lantern', 'Meridian'],
    types: [
      ['Mystery Novel', 8, 28], ['Science Fiction Novel', 8, 28], ['Cookbook', 15, 45], ['Biography', 12, 35],
      ['Travel Guide', 12, 30], ['Programming Guide', 29, 69], ['History Book', 14, 40], ['Children\'s Picture Book', 7, 22],
      ['Self-Help Book', 10, 28], ['Poetry Collection', 9, 25], ['Fantasy Novel', 8, 30], ['Business Book', 14, 35],
    ],
    variants: ['Hardcover', 'Paperback', 'Vol. 1', 'Vol. 2', 'Vol. 3', 'Special Edition', 'Second Edition', 'Illustrated', 'Box Set', 'Pocket Edition'],
  },
  {
    name: 'Toys & Games', description: 'Board games, building sets and toys', demand: 0.7,
    brands: ['Playcraft', 'Brickwell', 'Funhouse', 'Little Explorer', 'Gamewright Co'],
    types: [
      ['Board Game', 19, 79], ['Building Blocks Set', 19, 199], ['Jigsaw Puzzle', 9, 35], ['Remote Control Car', 29, 149],
      ['Plush Bear', 9, 39], ['Card Game', 7, 25], ['Dollhouse', 49, 199], ['Science Kit', 19, 69],
      ['Wooden Train Set', 29, 129], ['Drone', 49, 399], ['Art Set', 12, 59], ['Puzzle Cube', 5, 25],
    ],
    variants: ['Classic', 'Deluxe', 'Junior', 'Family Edition', 'Travel', 'Mega', 'Starter', '1000 Pieces', 'Mini', 'XL'],
  },
  {
    name: 'Beauty & Personal Care', description: 'Skin care, hair care and grooming', demand: 0.9,
    brands: ['Purely', 'Glow Lab', 'Aurelia', 'Verdant', 'Clearskin', 'Maison Rose'],
    types: [
      ['Face Moisturizer', 9, 69], ['Shampoo', 5, 29], ['Conditioner', 5, 29], ['Sunscreen SPF 50', 8, 35],
      ['Electric Toothbrush', 29, 249], ['Hair Dryer', 29, 399], ['Beard Trimmer', 19, 119], ['Lip Balm', 3, 12],
      ['Body Lotion', 6, 35], ['Perfume', 29, 149], ['Vitamin C Serum', 12, 69], ['Makeup Brush Set', 12, 59],
    ],
    variants: ['Sensitive', 'Original', 'Travel Size', 'Fragrance Free', 'Night', 'Daily', 'Pro', 'Gentle', 'Intense', 'Fresh'],
  },
];

/** First words of supplier company names. */
export const SUPPLIER_WORDS: readonly string[] = [
  'Northwind', 'Bluewave', 'Summit', 'Pacific', 'Evergreen', 'Silverline', 'Redwood', 'Atlas', 'Harbor', 'Granite',
  'Sunrise', 'Crescent', 'Pioneer', 'Meridian', 'Cobalt', 'Keystone', 'Horizon', 'Lakeside', 'Ironwood', 'Westfield',
];

/** Last words of supplier company names. */
export const SUPPLIER_SUFFIXES: readonly string[] = [
  'Traders', 'Supply Co.', 'Distribution', 'Wholesale', 'Imports', 'Manufacturing', 'Goods Ltd', 'Logistics',
];

/** Shipping carriers and the regions they serve. */
export const CARRIERS: readonly { name: string; regions: readonly string[]; trackingPrefix: string; baseCost: number }[] = [
  { name: 'UPS', regions: ['North America', 'Europe', 'Latin America'], trackingPrefix: '1Z', baseCost: 7.5 },
  { name: 'FedEx', regions: ['North America', 'Asia Pacific', 'Latin America'], trackingPrefix: 'FX', baseCost: 8.2 },
  { name: 'USPS', regions: ['North America'], trackingPrefix: '94', baseCost: 5.4 },
  { name: 'DHL', regions: ['Europe', 'Asia Pacific', 'Latin America'], trackingPrefix: 'JD', baseCost: 6.9 },
  { name: 'DPD', regions: ['Europe'], trackingPrefix: '15', baseCost: 5.9 },
];

/** Payment methods with their share of payments. */
export const PAYMENT_METHODS: readonly (readonly [string, number])[] = [
  ['Credit Card', 52], ['PayPal', 21], ['Debit Card', 14], ['Bank Transfer', 8], ['Gift Card', 5],
];

/** Sales channels with their share of orders. */
export const CHANNELS: readonly (readonly [string, number])[] = [
  ['web', 55], ['mobile app', 30], ['phone', 10], ['marketplace', 5],
];

/** Review titles by rating (index 0 = 1 star). */
export const REVIEW_TITLES: readonly (readonly string[])[] = [
  ['Very disappointed', 'Broke after a week', 'Do not buy', 'Waste of money', 'Not as described'],
  ['Below expectations', 'Poor quality', 'Not worth the price', 'Had issues'],
  ['It is okay', 'Average', 'Does the job', 'Mixed feelings'],
  ['Good value', 'Pretty good', 'Happy with it', 'Works well', 'Solid product'],
  ['Excellent!', 'Love it', 'Highly recommend', 'Perfect', 'Best purchase this year', 'Exceeded expectations'],
];

/** Review comments by rating (index 0 = 1 star). */
export const REVIEW_COMMENTS: readonly (readonly string[])[] = [
  ['Stopped working after a few days and support was no help.', 'Arrived damaged and the replacement was no better.', 'Quality is far below what the pictures suggest.'],
  ['Some parts feel cheap. I expected more for this price.', 'It works, but not reliably.', 'Smaller than I thought and the finish is poor.'],
  ['Does what it says, nothing more.', 'Decent, but there are better options.', 'Fine for occasional use.'],
  ['Good quality for the price, fast delivery.', 'Works as expected, would buy again.', 'Nice design and easy to use.'],
  ['Fantastic quality, exactly what I needed.', 'Use it every day, absolutely love it.', 'Great product and arrived earlier than expected.', 'Bought a second one as a gift.'],
];

/** Job titles of the sales organisation, from the top. */
export const TITLES = {
  ceo: 'Chief Executive Officer',
  manager: 'Sales Manager',
  senior: 'Senior Sales Representative',
  rep: 'Sales Representative',
} as const;
