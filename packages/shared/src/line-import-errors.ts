/** Importing lines from a file: the file's refusals, then each row's reasons (shown per row). */
export const lineImportErrors = {
  LINE_IMPORT_NOT_FOUND: { status: 404, message: 'Import not found' },
  LINE_IMPORT_FILE_REQUIRED: { status: 400, message: 'Choose a file to import' },
  LINE_IMPORT_FILE_TOO_LARGE: { status: 413, message: 'The file is larger than {{max_mb}} MB' },
  LINE_IMPORT_TOO_MANY_ROWS: {
    status: 422,
    message: 'The file has {{rows}} rows; at most {{max}} can be imported at once. Nothing was imported.',
  },
  LINE_IMPORT_EMPTY: { status: 422, message: 'The file holds no lines to import' },
  LINE_IMPORT_CSV_INVALID: { status: 422, message: 'The file is not a readable CSV (line {{line}})' },
  LINE_IMPORT_NOT_A_CONFIG: {
    status: 422,
    message: 'The file is not a {{format}} file: it holds no account of that format',
  },
  LINE_IMPORT_COLUMN_REQUIRED: { status: 422, message: 'Choose the column that holds the {{field}}' },
  LINE_IMPORT_COLUMN_MISSING: { status: 422, message: 'The file has no column {{column}}' },
  LINE_IMPORT_DEFAULT_EXPIRY_INVALID: {
    status: 422,
    message: 'The default expiry is not a date as DD-MM-YYYY or YYYY-MM-DD',
  },
  LINE_IMPORT_STARTED: { status: 409, message: 'This import has already been started' },
  LINE_IMPORT_NOTHING_TO_IMPORT: { status: 422, message: 'No row of the file can be imported' },
  LINE_IMPORT_SERVER_FORMAT: {
    status: 422,
    message: "The server's agent writes {{backend}}: a {{format}} file's accounts cannot be kept whole there",
  },
  // One row's reasons: the import goes on with the other rows.
  LINE_IMPORT_FORMULA: {
    status: 422,
    message: 'The {{field}} starts with = + - or @, which a spreadsheet would run as a formula',
  },
  LINE_IMPORT_DATE_INVALID: {
    status: 422,
    message: 'The expiry "{{value}}" is not a date as DD-MM-YYYY, YYYY-MM-DD or DD.MM.YYYY',
  },
  LINE_IMPORT_EXPIRY_REQUIRED: { status: 422, message: 'The row has no expiry date' },
  LINE_IMPORT_DUPLICATE_USERNAME: { status: 422, message: 'The username is also on row {{row}} of the file' },
  LINE_IMPORT_OWNER_NOT_FOUND: { status: 422, message: 'No account has the email {{email}}' },
  LINE_IMPORT_PLAN_NOT_FOUND: { status: 422, message: 'No plan is named {{plan}}' },
  LINE_IMPORT_MAX_CONNECTIONS_INVALID: {
    status: 422,
    message: 'Max connections "{{value}}" is not a whole number from 1 to 1000',
  },
  LINE_IMPORT_ENTRY_PROBLEM: {
    status: 422,
    message: 'The account cannot be taken over as the file has it: {{problem}}',
  },
  LINE_IMPORT_DISABLED_INVALID: { status: 422, message: 'Disabled "{{value}}" is not 0, 1, yes or no' },
  LINE_IMPORT_ALREADY_THERE: {
    status: 409,
    message: 'Skipped: already there (a line with this username and owner exists)',
  },
} as const;
