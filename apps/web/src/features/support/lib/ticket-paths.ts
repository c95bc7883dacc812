import { paths } from '../../../routes/paths';

export const ticketPath = (id: number) => `${paths.tickets}/${id}`;
export const kbArticlePath = (id: number) => `${paths.knowledgeBase}/${id}`;
