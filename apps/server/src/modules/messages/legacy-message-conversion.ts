import type { Db } from '../../db/client.js';
import { recogniseLegacyText } from './legacy-message-texts.js';
import { messagesRepository } from './messages.repository.js';

const PAGE = 500;

/**
 * At start-up: the panel messages stored as English text before the codes get their code and values
 * when their text is one the panel wrote then, so they read in the reader's language from now on.
 * What is not recognised stays text (and is looked at again at the next start: such rows are the
 * old ones only, since every panel message written now has its code). Returns how many changed.
 */
export async function convertLegacyMessages(db: Db): Promise<number> {
  let converted = 0;
  let afterId = 0;
  for (;;) {
    const rows = await messagesRepository.uncodedPanelMessages(db, afterId, PAGE);
    for (const row of rows) {
      const found = recogniseLegacyText(row.title, row.content);
      if (!found) continue;
      await messagesRepository.setTextCode(db, row.id, found.kind, found.params);
      converted += 1;
    }
    if (rows.length < PAGE) return converted;
    afterId = rows.at(-1)!.id;
  }
}
