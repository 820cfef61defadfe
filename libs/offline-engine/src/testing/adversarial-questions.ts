/**
 * Adversarial questions for the question fuzz suites: text built to break a text-to-SQL engine's
 * tokenizer, regular expressions, word lookups and SQL writer. Each question mixes a few pieces drawn from:
 * - well-formed questions (the shop's, or the caller's), mutated: noise inserted between words, words repeated or
 *   replaced by prototype keys, quotes, numbers and invisible characters dropped in;
 * - letters of many scripts (Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK, Hangul, Ethiopic, astral
 *   mathematical letters), emoji with skin tones, flags and zero-width-joiner sequences, stacked combining marks,
 *   lone surrogates;
 * - C0 and C1 control characters (never NUL: the api answers NUL with 400 before any engine sees it), right-to-left
 *   marks, bidi embeddings, overrides and isolates, zero-width spaces and joiners, unusual spaces and line separators;
 * - very long repeats of words and punctuation, up to `maxChars`;
 * - regex-hostile text (nested parentheses, `(a+)+`, backslashes, `$&`, `$1`, character classes);
 * - SQL fragments and injection attempts;
 * - Object.prototype keys as words (constructor, __proto__, toString, hasOwnProperty, valueOf, ...);
 * - numbers in odd forms (1e309, NaN, -0, 0x1F, 1_000, Arabic-Indic and full-width digits, fractions, 2^53 + 1);
 * - quotes of every kind, unbalanced.
 * Everything is a pure function of the random source, so a seeded generator gives the same questions on every run.
 * Dependency-free: the caller brings the generator (the project's mulberry32 `Random` of @nlq/sample-db).
 */

/** A source of uniform floats in [0, 1), e.g. `new Random(seed)` of @nlq/sample-db. */
export interface RandomSource {
  next(): number;
}

/** Options of {@link AdversarialQuestions}. */
export interface AdversarialQuestionOptions {
  /** Longest question produced, in UTF-16 code units; the api's MAX_QUESTION_CHARS default is 2000. */
  maxChars?: number;
  /** Extra words to mix in, e.g. the table, column and stored-value names of the schema under test. */
  vocabulary?: readonly string[];
  /** Well-formed questions about the schema under test, as the base of mutations; default {@link SHOP_QUESTIONS}. */
  questions?: readonly string[];
}

/** The own and inherited property names of Object.prototype: each one is a word that a plain-object lookup "finds". */
export const PROTOTYPE_KEYS: readonly string[] = [
  'constructor',
  '__proto__',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** Questions the offline engine answers on the shop schema, as the base of mutations. */
export const SHOP_QUESTIONS: readonly string[] = [
  'How many customers are there?',
  'how many orders were shipped to Germany?',
  'number of products per category',
  'list customers in the united kingdom',
  'show orders with status shipped',
  'which products are in the Electronics category?',
  'top 5 products by total sales',
  'the 3 customers with the most orders',
  'most expensive products',
  'what is the cheapest product?',
  'average order total by country',
  'How many orders in 2024?',
  'total sales in March 2024',
  'how many orders last month',
  'products with price over 100',
  'sales per year',
  'list customers who are not in Canada',
  'delete orders with status cancelled',
  "set the price of 'Widget' to 5",
  'what share of orders were cancelled?',
  'customers without orders',
  'customers with more than 20 orders',
  'how many customers in Canada have at least 3 orders',
  'list customers ordered by last name',
  'how many orders in the second quarter of 2024',
  'are there any orders in 2024?',
  'sum of total for orders with products in the Books category',
  'total stock per category',
  'products that were never ordered',
  'how many prodcuts are there?',
  'how many clients are currently in Canada?',
  'how many orders per month ordered by the month',
];

const SCRIPTS: readonly string[] = [
  'café naïve façade Ærøskøbing Łódź ğüşıöç',
  'Πόσοι πελάτες υπάρχουν;',
  'Сколько клиентов? заказы по стране',
  'كم عدد العملاء؟ الطلبات حسب البلد',
  'כמה לקוחות יש? הזמנות לפי מדינה',
  'कितने ग्राहक हैं? देश के अनुसार आदेश',
  'มีลูกค้ากี่คน',
  '有多少客户？按国家统计订单',
  '顧客は何人いますか。注文',
  '고객은 몇 명입니까? 주문',
  'ደንበኞች ስንት ናቸው',
  '𝐇𝐨𝐰 𝐦𝐚𝐧𝐲 𝒄𝒖𝒔𝒕𝒐𝒎𝒆𝒓𝒔 𝔬𝔯𝔡𝔢𝔯𝔰',
  'Ｈｏｗ ｍａｎｙ ｃｕｓｔｏｍｅｒｓ',
  'ﬁnd ﬂow ǅ ǈ ß ẞ İ ı ſ K Å',
];

const EMOJI: readonly string[] = ['😀', '💥', '👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇩🇪', '🇬🇧', '❤️', '🧑🏿‍💻', '#️⃣', '🔟', '🫠'];

const COMBINING = [
  '\u0300',
  '\u0301',
  '\u0302',
  '\u0308',
  '\u0327',
  '\u0334',
  '\u0336',
  '\u035c',
  '\u0361',
  '\u20dd',
  '\u093c',
  '\u0e31',
];

/** Right-to-left marks, bidi embeddings/overrides/isolates, zero-width characters, odd spaces and separators. */
const INVISIBLES = [
  '\u200e', // LRM
  '\u200f', // RLM
  '\u061c', // ALM
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d', // LRO
  '\u202e', // RLO
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b', // ZWSP
  '\u200c', // ZWNJ
  '\u200d', // ZWJ
  '\u2060', // word joiner
  '\ufeff', // BOM
  '\u00ad', // soft hyphen
  '\u00a0',
  '\u1680',
  '\u2007',
  '\u3000',
  '\u2028',
  '\u2029',
  '\u180e',
  '\ufffd',
  '\ufffe',
  '\uffff',
];

const REGEX_HOSTILE: readonly string[] = [
  '(a+)+$',
  '((((((((((((((((',
  '))))))))))',
  '(((a)))',
  '\\',
  '\\\\',
  '\\d+\\w*\\s?',
  '$&',
  '$1$2',
  "$'$`",
  '[^]',
  '.*?',
  '^$',
  '|||',
  '{1,}',
  '[[:alpha:]]',
  '(?<name>x)',
  '\\u0000',
  '\\x00',
  '%s%d%n',
  '{{constructor}}',
  '${toString}',
];

const SQL_FRAGMENTS: readonly string[] = [
  "'; DROP TABLE customers; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; DELETE FROM orders',
  'UNION SELECT * FROM sqlite_master',
  'SELECT * FROM customers WHERE 1=1',
  '/* comment */',
  '-- comment',
  '*/',
  '/*!50000 SELECT */',
  'WHERE id IN (SELECT id FROM orders)',
  '`customers`',
  '[orders]',
  '"products"."price"',
  "x' UNION ALL SELECT password FROM users --",
  'ATTACH DATABASE',
  'PRAGMA table_info(customers)',
  "load_extension('x')",
  '; ; ;',
  'LIMIT -1 OFFSET 99999999999999999999',
  'ORDER BY 1 DESC NULLS FIRST',
  'CASE WHEN 1 THEN 2 END',
  '%_%',
  ':name ?1 @p $1',
];

const NUMBERS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '1e309',
  '1e-400',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '0b101',
  '0o17',
  '1_000',
  '1,000,000.00',
  '$1,000,000',
  '€1.000,50',
  '10%',
  '9007199254740993',
  '99999999999999999999999999999',
  '9'.repeat(400),
  `0.${'0'.repeat(330)}1`,
  '1.5',
  '2.999999999999999999999',
  '1.2.3',
  '.5',
  '5.',
  '00000001',
  '١٢٣',
  '۴۵۶',
  '१२३',
  '１２３',
  '①②',
  '½',
  '¾',
  'Ⅻ',
  '²³',
  'twenty-one',
  'a billion billion',
  'zero',
  '1st',
  '2nd',
  '3rd',
  '101st',
  '2024-13-45',
  '2024-02-30',
  '0000-00-00',
  '275760-09-14',
  '31/12/1999',
  '12:99',
];

const QUOTES = [
  "'",
  '"',
  '`',
  '‘',
  '’',
  '‚',
  '‛',
  '“',
  '”',
  '„',
  '‟',
  '«',
  '»',
  '‹',
  '›',
  '「',
  '」',
  '『',
  '』',
  '〝',
  '〞',
  '＂',
  '＇',
  '′',
  '″',
];

const WORDS: readonly string[] = [
  'how',
  'many',
  'count',
  'number',
  'of',
  'customers',
  'orders',
  'products',
  'categories',
  'order items',
  'top',
  'most',
  'least',
  'average',
  'total',
  'sum',
  'per',
  'by',
  'in',
  'not',
  'and',
  'or',
  'between',
  'last',
  'this',
  'month',
  'year',
  'since',
  'before',
  'after',
  'delete',
  'update',
  'set',
  'to',
  'them',
  'those',
  'what about',
  'which',
  'where',
  'the',
  'a',
  'price',
  'status',
  'country',
  'shipped',
  'Germany',
  'Canada',
  'Electronics',
  'share',
  'ratio',
  'percent',
  'compare',
  'versus',
  'than',
  'more',
  'less',
  'over',
  'under',
  'cheapest',
  'expensive',
  'first',
  'latest',
];

/** Units that `longRepeat` repeats to fill a long question. */
const REPEATABLE: readonly string[] = [
  '?',
  '!',
  '.',
  ',',
  '(',
  ')',
  '"',
  "'",
  '-',
  '*',
  '%',
  '\\',
  '$',
  ' ',
  '\t',
  'a',
  'é',
  '9',
  '😀',
  '\u0301',
  '\u200b',
  '\u202e',
];

/** `unit` repeated to about `n` code units (at least once; never split). */
function repeatTo(unit: string, n: number): string {
  return unit.repeat(Math.max(1, Math.floor(n / Math.max(1, unit.length))));
}

/**
 * Builds adversarial questions from a random source: the same source state always gives the same question.
 * Every question is non-empty, at most `maxChars` UTF-16 code units long, and free of NUL.
 */
export class AdversarialQuestions {
  private readonly maxChars: number;
  private readonly vocabulary: readonly string[];
  private readonly questions: readonly string[];

  /** @param random the generator to draw from (e.g. `new Random(seed)`); this object never reseeds it. */
  constructor(
    private readonly random: RandomSource,
    options: AdversarialQuestionOptions = {},
  ) {
    this.maxChars = Math.max(1, options.maxChars ?? 2000);
    this.vocabulary = options.vocabulary?.length ? options.vocabulary : WORDS;
    this.questions = options.questions?.length ? options.questions : SHOP_QUESTIONS;
  }

  /** The next `count` questions. */
  take(count: number): string[] {
    return Array.from({ length: count }, () => this.next());
  }

  /** The next question. */
  next(): string {
    const kind = this.int(0, 9);
    let text: string;
    if (kind <= 1) text = this.mutated(this.pick(this.questions), 1);
    else if (kind <= 3) text = this.mutated(this.pick(this.questions), this.int(2, 4));
    else if (kind === 4) text = this.longRepeat();
    else if (kind === 5) text = this.mutated(this.vocabularyQuestion(), this.int(0, 2));
    else text = this.collage();
    text = text.replace(/\u0000/g, '');
    if (text.length > this.maxChars) text = text.slice(0, this.maxChars);
    return text.trim().length ? text : this.pick(this.questions);
  }

  /** A question made of 1-8 random pieces joined by random separators. */
  private collage(): string {
    const pieces = Array.from({ length: this.int(1, 8) }, () => this.piece());
    return pieces.reduce((out, piece) => (out ? out + this.separator() + piece : piece), '');
  }

  /** A question-like sentence over the vocabulary (schema names and words) and prototype keys. */
  private vocabularyQuestion(): string {
    const opener = this.pick([
      'how many',
      'list',
      'show',
      'top 3',
      'average',
      'total',
      'what is the',
      'count of',
      'which',
      'delete the',
    ]);
    const words = Array.from({ length: this.int(1, 5) }, () =>
      this.chance(0.3) ? this.pick(PROTOTYPE_KEYS) : this.pick(this.vocabulary),
    );
    return `${opener} ${words.join(' ')}${this.chance(0.5) ? '?' : ''}`;
  }

  /** `base` with `edits` edits: noise inserted between words, words repeated or replaced, quotes and marks dropped in. */
  private mutated(base: string, edits: number): string {
    const words = base.split(' ');
    for (let i = 0; i < edits; i++) {
      const at = this.int(0, words.length);
      switch (this.int(0, 5)) {
        case 0:
          words.splice(at, 0, this.piece());
          break;
        case 1:
          if (words.length) words[Math.min(at, words.length - 1)] = this.pick(PROTOTYPE_KEYS);
          break;
        case 2: {
          const w = words[Math.min(at, words.length - 1)] ?? 'a';
          words.splice(at, 0, ...Array.from({ length: this.int(2, 30) }, () => w));
          break;
        }
        case 3:
          words.splice(at, 0, this.pick(QUOTES));
          break;
        case 4:
          if (words.length)
            words[Math.min(at, words.length - 1)] = this.sprinkle(words[Math.min(at, words.length - 1)]);
          break;
        default:
          words.splice(at, 0, this.pick(NUMBERS));
      }
    }
    return words.join(this.chance(0.8) ? ' ' : this.separator());
  }

  /** `word` with invisible characters, combining marks or control characters between its letters. */
  private sprinkle(word: string): string {
    const chars = Array.from(word);
    return chars
      .map((c) => (this.chance(0.4) ? c + this.pick([this.invisible(), this.combining(), this.control()]) : c))
      .join('');
  }

  /** A long question: one unit repeated up to maxChars, or a word list that long. */
  private longRepeat(): string {
    const length = this.chance(0.5) ? this.maxChars : this.int(100, this.maxChars);
    switch (this.int(0, 4)) {
      case 0:
        return repeatTo(this.pick(REPEATABLE), length);
      case 1:
        return repeatTo(`${this.pick(this.vocabulary)} `, length);
      case 2:
        return `how many ${repeatTo(`${this.pick(PROTOTYPE_KEYS)} `, length - 20)}`;
      case 3: {
        const q = this.pick(this.questions);
        return `${q} ${repeatTo(this.pick(['and ', 'not ', 'top ', 'of the ', '(', 'a+', '((a+)+)', 'per ', '1 ', "' ", 'in 2024 ']), length - q.length - 1)}`;
      }
      default: {
        let out = '';
        while (out.length < length) out += `${this.piece()} `;
        return out;
      }
    }
  }

  /** One random piece of hostile text. */
  private piece(): string {
    switch (this.int(0, 13)) {
      case 0:
        return this.pick(SCRIPTS);
      case 1:
        return Array.from({ length: this.int(1, 6) }, () => this.pick(EMOJI)).join(this.chance(0.3) ? '\u200d' : '');
      case 2:
        return this.pick(WORDS) + Array.from({ length: this.int(1, 40) }, () => this.combining()).join('');
      case 3:
        return Array.from({ length: this.int(1, 6) }, () => this.control()).join('');
      case 4:
        return Array.from({ length: this.int(1, 6) }, () => this.invisible()).join('');
      case 5:
        return this.pick(REGEX_HOSTILE);
      case 6:
        return this.pick(SQL_FRAGMENTS);
      case 7:
        return this.pick(PROTOTYPE_KEYS);
      case 8:
        return this.pick(NUMBERS);
      case 9:
        return Array.from({ length: this.int(1, 4) }, () => this.pick(QUOTES)).join('');
      case 10:
        return this.pick(this.vocabulary);
      case 11:
        return this.pick(WORDS);
      case 12:
        // lone surrogates, noncharacters and random code points of the BMP and the astral planes
        return Array.from({ length: this.int(1, 8) }, () => this.codePoint()).join('');
      default:
        return this.pick(this.questions);
    }
  }

  /** A random code point (or a lone surrogate), never NUL. */
  private codePoint(): string {
    if (this.chance(0.15)) return String.fromCharCode(this.int(0xd800, 0xdfff));
    const cp = this.chance(0.7) ? this.int(1, 0xffff) : this.int(0x10000, 0x10ffff);
    return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
  }

  /** A C0 (never NUL), DEL or C1 control character. */
  private control(): string {
    const r = this.int(0, 2);
    return String.fromCharCode(r === 0 ? this.int(0x01, 0x1f) : r === 1 ? 0x7f : this.int(0x80, 0x9f));
  }

  private invisible(): string {
    return this.pick(INVISIBLES);
  }

  private combining(): string {
    return this.pick(COMBINING);
  }

  private separator(): string {
    return this.pick([
      ' ',
      ' ',
      ' ',
      '',
      '\t',
      '\n',
      '\r\n',
      ', ',
      '; ',
      ' - ',
      '/',
      '|',
      '\u00a0',
      '\u200b',
      '\u3000',
      '\u2028',
      this.control(),
      this.invisible(),
    ]);
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.random.next() * (max - min + 1));
  }

  private chance(p: number): boolean {
    return this.random.next() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random.next() * items.length)];
  }
}
