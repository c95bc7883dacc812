import { paths } from '../../../lib/paths';

export const ticketPath = (id: number) => `${paths.tickets}/${id}`;
export const kbArticlePath = (id: number) => `${paths.knowledgeBase}/${id}`;
