// Business constants of SPEC.md §9, in one place for the web app and the server.

export const PAGE_SIZES = [25, 50, 100, 200, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** SPEC.md §9: at most 5 page buttons. */
export const MAX_PAGE_BUTTONS = 5;
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** Shipment suggestions are looked up only from this many characters on. */
export const SHIPMENT_MATCH_MIN_LENGTH = 4;
/** At most this many shipment numbers answer one suggestion lookup. */
export const SHIPMENT_MATCH_LIMIT = 20;

/** po_review_required above this flags a PO number for review (amber row, 'Valid PO #'). */
export const PO_REVIEW_THRESHOLD = 10;

/** The recent-documents report covers this many days. */
export const REPORT_WINDOW_DAYS = 7;

/** The transit types the dashboard colours; any other value is shown as N/A. */
export const TRANSIT_TYPES = ['SEA', 'AIR', 'COU', 'ROA'] as const;
export const TRANSIT_TYPE_OTHER = 'N/A';
export type TransitType = (typeof TRANSIT_TYPES)[number];

/** Whether a transit type is one the dashboard colours (any other reads TRANSIT_TYPE_OTHER). */
export const isColouredTransit = (value: string): value is TransitType =>
  (TRANSIT_TYPES as readonly string[]).includes(value);

/** SPEC.md §9: SEA blue, AIR purple, COU amber, ROA green (dark text on a light tint, for contrast). */
export const TRANSIT_COLOURS: Record<TransitType, { color: string; bgcolor: string }> = {
  SEA: { color: '#0d47a1', bgcolor: '#e3f2fd' },
  AIR: { color: '#6a1b9a', bgcolor: '#f3e5f5' },
  COU: { color: '#7a4500', bgcolor: '#ffecb3' },
  ROA: { color: '#1b5e20', bgcolor: '#e8f5e9' },
};

/**
 * Consignee choices. SPEC.md §9 counts "three company names (not reproduced here)": these are the
 * operating company's three consignee entities. The server accepts any text, so older values stay.
 */
export const CONSIGNEE_OPTIONS = ['NAPCO Dominicana', 'NAPCO Americas', 'NAPCO Pipe & Fittings'] as const;

export const TRANS_OPTIONS = ['SEA', 'AIR', 'COU', 'ROA', 'BCN', 'LCL', 'LSE', 'RAI', 'FSA', 'UPS'] as const;
export const MODE_OPTIONS = ['LCL', 'LSE', 'BCN', 'FCL', 'AIR', 'SEA', 'COU', 'ROA', 'RAI', 'FSA'] as const;
export const UQ_CHARGE_OPTIONS = ['M3', 'KG'] as const;
export const UQ_OUTER_OPTIONS = ['CTN', 'PLT', 'PKG', 'PC', 'PCE', 'UNT', 'SKD', 'CAS', 'BOX', 'CRT'] as const;
export const VOLUQ_OPTIONS = ['M3', 'KG', 'CF'] as const;
export const WTUQ_OPTIONS = ['KG', 'LB', 'KT', 'LT'] as const;

export const DESTINATION_PORTS = [
  'DOHAI',
  'DOSDQ',
  'USNYC',
  'USJFK',
  'DOCAU',
  'USMIA',
  'USLAX',
  'USPEB',
  'DOSCR',
  'CNNBO',
  'CNCAN',
  'USBOS',
  'CNNGB',
] as const;

/**
 * Origin choices. SPEC.md §9 describes "about 59 port codes, mostly CN with DE, HK, IN, JP, KR,
 * MY, TH, TW, US and VN" without listing them; these are real UN/LOCODEs of that mix.
 */
export const ORIGIN_PORTS = [
  'CNSHA',
  'CNSZX',
  'CNNGB',
  'CNNBO',
  'CNCAN',
  'CNTAO',
  'CNTXG',
  'CNXMN',
  'CNDLC',
  'CNFOC',
  'CNYTN',
  'CNSHK',
  'CNCWN',
  'CNHUA',
  'CNNSA',
  'CNZSN',
  'CNJMN',
  'CNLYG',
  'CNNKG',
  'CNWUH',
  'CNCKG',
  'CNCTU',
  'CNPEK',
  'CNPVG',
  'CNHKG',
  'CNZUH',
  'CNDGG',
  'CNFSN',
  'CNHGH',
  'CNSUZ',
  'CNWNZ',
  'CNYIW',
  'CNTSN',
  'CNQZH',
  'CNSWA',
  'DEHAM',
  'DEBRV',
  'DEFRA',
  'HKHKG',
  'INNSA',
  'INMAA',
  'INBOM',
  'JPTYO',
  'JPYOK',
  'JPOSA',
  'KRPUS',
  'KRINC',
  'MYPKG',
  'MYPEN',
  'THBKK',
  'THLCH',
  'TWKHH',
  'TWTPE',
  'USLAX',
  'USLGB',
  'VNSGN',
  'VNHPH',
  'Shanghai Railway Station',
  'Shenzhen Baoan International Apt',
  'Shenzhen Pt',
] as const;

/** Charge on the line-item detail is this constant (SPEC.md §9). */
export const LINE_ITEM_CHARGE_DISPLAY = '0.00 M3';
export const DEFAULT_PART_UNIT = 'pcs';
