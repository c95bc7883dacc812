// The rule lives in the shared package (the server's texts use it too); this is the web's address of it.
export { formatDate, formatDateTime } from '@linedesk/shared';
