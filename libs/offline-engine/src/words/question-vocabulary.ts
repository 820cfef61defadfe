/**
 * The fixed English vocabulary of the offline engine: phrases that shape a question (count, aggregate, ranking,
 * grouping, comparison, negation) and filler words that carry no meaning for SQL. Any other word must match the
 * schema or the data, or the engine refuses the question.
 */

export type Keyword =
  | 'count'
  | 'sum'
  | 'avg'
  | 'max'
  | 'min'
  | 'most'
  | 'least'
  | 'top'
  | 'bottom'
  | 'expensive'
  | 'cheap'
  | 'money'
  | 'units'
  | 'bestUnits'
  | 'group'
  | 'year'
  | 'month'
  | 'day'
  | 'not'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'eq'
  | 'named'
  | 'distinct'
  | 'without'
  | 'share'
  | 'orderBy'
  | 'asc'
  | 'desc'
  | 'noise'
  | 'or'
  | 'orMore'
  | 'orLess';

/** Multi-word phrases first; matched on lower-case words (and singular forms). */
export const KEYWORD_PHRASES: Array<[string, Keyword]> = [
  ['over all', 'noise'],
  ['of all time', 'noise'],
  ['all time', 'noise'],
  ['in total', 'noise'],
  ['so far', 'noise'],
  ['total number of', 'count'],
  ['how many', 'count'],
  ['number of', 'count'],
  ['count of', 'count'],
  ['count', 'count'],
  ['how much', 'sum'],
  ['sum of', 'sum'],
  ['sum', 'sum'],
  ['total', 'sum'],
  ['combined', 'sum'],
  ['average', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['longer than', 'gt'],
  ['taller than', 'gt'],
  ['shorter than', 'lt'],
  ['longest', 'max'],
  ['tallest', 'max'],
  ['shortest', 'min'],
  ['maximum', 'max'],
  ['max', 'max'],
  ['highest', 'max'],
  ['largest', 'max'],
  ['biggest', 'max'],
  ['greatest', 'max'],
  ['latest', 'max'],
  ['the most recent', 'max'],
  ['most recent', 'max'],
  ['newest', 'max'],
  ['oldest', 'min'],
  ['minimum', 'min'],
  ['min', 'min'],
  ['lowest', 'min'],
  ['smallest', 'min'],
  ['earliest', 'min'],
  ['best selling', 'bestUnits'],
  ['best sellers', 'bestUnits'],
  ['best seller', 'bestUnits'],
  ['bestselling', 'bestUnits'],
  ['top selling', 'bestUnits'],
  ['most popular', 'bestUnits'],
  ['more expensive than', 'gt'],
  ['pricier than', 'gt'],
  ['least expensive', 'cheap'],
  ['most expensive', 'expensive'],
  ['priciest', 'expensive'],
  ['expensive', 'expensive'],
  ['cheapest', 'cheap'],
  ['cheap', 'cheap'],
  ['inexpensive', 'cheap'],
  ['the most', 'most'],
  ['most', 'most'],
  ['the least', 'least'],
  ['least', 'least'],
  ['fewest', 'least'],
  ['top', 'top'],
  ['bottom', 'bottom'],
  ['units sold', 'units'],
  ['sold', 'units'],
  ['selling', 'units'],
  ['purchased', 'units'],
  ['bought', 'units'],
  ['sales', 'money'],
  ['sale', 'money'],
  ['revenue', 'money'],
  ['turnover', 'money'],
  ['income', 'money'],
  ['earnings', 'money'],
  ['spent', 'money'],
  ['spend', 'money'],
  ['spending', 'money'],
  ['grouped by', 'group'],
  ['group by', 'group'],
  ['broken down by', 'group'],
  ['for each', 'group'],
  ['in each', 'group'],
  ['for every', 'group'],
  ['by', 'group'],
  ['per', 'group'],
  ['each', 'group'],
  ['year', 'year'],
  ['yearly', 'year'],
  ['annual', 'year'],
  ['month', 'month'],
  ['monthly', 'month'],
  ['day', 'day'],
  ['daily', 'day'],
  ['what percentage of', 'share'],
  ['what percent of', 'share'],
  ['what share of', 'share'],
  ['what proportion of', 'share'],
  ['what fraction of', 'share'],
  ['percentage of', 'share'],
  ['percent of', 'share'],
  ['share of', 'share'],
  ['proportion of', 'share'],
  ['fraction of', 'share'],
  // a participle of ordering before a bare direction ("ordered alphabetically", "sorted from highest to lowest")
  ['ordered alphabetically', 'asc'],
  ['sorted alphabetically', 'asc'],
  ['ordered from highest to lowest', 'desc'],
  ['sorted from highest to lowest', 'desc'],
  ['ordered from lowest to highest', 'asc'],
  ['sorted from lowest to highest', 'asc'],
  ['ordered in descending order', 'desc'],
  ['sorted in descending order', 'desc'],
  ['ordered in ascending order', 'asc'],
  ['sorted in ascending order', 'asc'],
  ['in descending order of', 'orderBy'],
  ['in ascending order of', 'orderBy'],
  ['in descending order', 'desc'],
  ['in ascending order', 'asc'],
  ['in alphabetical order', 'asc'],
  ['in reverse alphabetical order', 'desc'],
  ['from highest to lowest', 'desc'],
  ['from lowest to highest', 'asc'],
  ['ordered by', 'orderBy'],
  ['order by', 'orderBy'],
  ['sorted by', 'orderBy'],
  ['sort by', 'orderBy'],
  ['sorted on', 'orderBy'],
  ['arranged by', 'orderBy'],
  ['descending', 'desc'],
  ['desc', 'desc'],
  ['ascending', 'asc'],
  ['asc', 'asc'],
  ['alphabetically', 'asc'],
  // "4 or more", "10 or fewer": the number before them is a bound (question-items.ts moves it after the keyword)
  ['or more', 'orMore'],
  ['or greater', 'orMore'],
  ['or higher', 'orMore'],
  ['or above', 'orMore'],
  ['or over', 'orMore'],
  ['or less', 'orLess'],
  ['or fewer', 'orLess'],
  ['or lower', 'orLess'],
  ['or below', 'orLess'],
  ['or under', 'orLess'],
  // a disjunction: read over one column as IN, else asked about or refused, never dropped
  ['or', 'or'],
  ['with no', 'without'],
  ['with zero', 'without'],
  ['without any', 'without'],
  ['without', 'without'],
  ['have no', 'without'],
  ['has no', 'without'],
  ['had no', 'without'],
  ['never', 'without'],
  ['other than', 'not'],
  ['not', 'not'],
  ["isn't", 'not'],
  ["aren't", 'not'],
  ['except', 'not'],
  ['excluding', 'not'],
  ['more than', 'gt'],
  ['greater than', 'gt'],
  ['higher than', 'gt'],
  ['larger than', 'gt'],
  ['bigger than', 'gt'],
  ['over', 'gt'],
  ['above', 'gt'],
  ['exceeding', 'gt'],
  ['at least', 'gte'],
  ['less than', 'lt'],
  ['fewer than', 'lt'],
  ['lower than', 'lt'],
  ['smaller than', 'lt'],
  ['cheaper than', 'lt'],
  ['under', 'lt'],
  ['below', 'lt'],
  ['at most', 'lte'],
  ['equal to', 'eq'],
  ['equals', 'eq'],
  ['equal', 'eq'],
  ['is', 'eq'],
  ['named', 'named'],
  ['called', 'named'],
  ['titled', 'named'],
  ['distinct', 'distinct'],
  ['unique', 'distinct'],
  ['different', 'distinct'],
];

/** Symbols the tokenizer keeps, as keywords. */
export const SYMBOL_KEYWORDS = new Map<string, Keyword>(
  Object.entries({ '=': 'eq', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte', '<>': 'not', '!=': 'not' }),
);

/** Words that carry no meaning for the SQL of the question shapes the engine knows. */
export const FILLER_WORDS = new Set(
  (
    'a an the of in on at to from for with within whose who whom that there here are were was be been being have has had ' +
    'do does did and all any list lists show me give find display get tell please i we our my your their its it them they ' +
    'can could would should will want like need see know provide query shows showing return returns fetch retrieve ' +
    'records record rows row entries entry items item data information info details exist exists currently overall altogether ' +
    'ever so far together as also just only what which where when having place placed made recorded registered there ' +
    'how many much this these those s respectively now in total right whole entire available existing current ' +
    'table tables database value values amount'
  ).split(/\s+/),
);

/**
 * Nouns (lemmas) by which a question asks for whole records rather than the things listed ("the details of the
 * suppliers", "rows of orders", "a query showing the customers"): a list naming no column then shows every column.
 */
export const RECORD_WORDS = new Set(
  'record row entry detail information info data query everything column field'.split(' '),
);

/** Keywords that a single-word schema match must not take over (a column named `total` needs "order total"). */
export const RESERVED_SINGLE_WORDS = new Set(
  KEYWORD_PHRASES.filter(
    ([p, k]) => !p.includes(' ') && !['year', 'month', 'day', 'eq', 'named', 'units', 'money'].includes(k),
  ).map(([p]) => p),
);

/**
 * Adjectives that name a dimension as well as a direction: "the longest river" ranks rivers by their length
 * column. Each maps to the words a matching numeric column's name may contain (one such column per table).
 */
export const DIMENSION_WORDS = new Map<string, string[]>(
  Object.entries({
    longest: ['length', 'long'],
    shortest: ['length', 'long'],
    'longer than': ['length', 'long'],
    'shorter than': ['length', 'long'],
    tallest: ['height', 'altitude', 'elevation', 'tall'],
    highest: ['height', 'altitude', 'elevation'],
    lowest: ['height', 'altitude', 'elevation'],
    'cheaper than': ['price'],
    'more expensive than': ['price'],
    'pricier than': ['price'],
    'taller than': ['height', 'altitude', 'elevation', 'tall'],
    largest: ['area', 'size'],
    biggest: ['area', 'size'],
    smallest: ['area', 'size'],
  }),
);

/** The months' English names, lower case, January first (index = month - 1). */
export const MONTH_NAMES: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
