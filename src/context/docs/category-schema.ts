import * as z from 'zod';
import { MAX_LABEL_CHARS } from './read-site-structure.js';

const label = z.string().transform((text) => text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_CHARS));

/**
 * Docusaurus `_category_.json`: lenient, it is data from the repository; only
 * these fields are read. Its own module, imported when a site has a category
 * file, so a docs search that reads none (a warm one) never loads zod.
 */
export const CategorySchema = z
  .object({
    label: label.optional(),
    position: z.number().finite().optional(),
    description: label.optional(),
    link: z.object({ description: label.optional() }).loose().optional(),
  })
  .loose();
