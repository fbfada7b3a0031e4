import { K1 } from './bm25f-parameters.js';
import type { ConceptPositions, PagePositions } from './concept-positions.js';
import type { MarkdownBlock } from './scan-markdown.js';

/**
 * What a mention weighs in a section, by where it is: its own heading by
 * depth (index 1..6: h1 and h2 most, then less per level), the headings
 * above it, the page title (which heads every section), its text.
 */
export const SECTION_WEIGHTS = { headingByDepth: [3, 3, 3, 2.5, 2, 2, 2], ancestorHeading: 1.5, title: 3, prose: 1, code: 0.5 } as const;
/** How much a section's text length, past the average section of the pages compared, discounts its mentions (BM25's b). */
export const SECTION_LENGTH_B = 0.75;

/** One section of a page, scored: the heading weights, the text length and the weighted mentions per concept. */
interface SectionMentions {
  /** Concept i → weighted mentions in the headings over the section (own, ancestors, title). */
  heading: Float64Array;
  /** Concept i → weighted mentions in its text. */
  text: Float64Array;
  /** Words of its text. */
  length: number;
}

/** The sections of a page with their mentions of the query's concepts, for scoreSections. */
export interface PageSections {
  sections: SectionMentions[];
}

function addMentions(into: Float64Array, positions: ConceptPositions, weight: number): void {
  positions.any.forEach((mask, position) => {
    if (mask === 0) return;
    const amount = positions.factors[position]! * weight;
    for (let rest = mask, concept = 0; rest !== 0 && concept < into.length; rest >>>= 1, concept += 1) if ((rest & 1) === 1) into[concept]! += amount;
  });
}

/**
 * Splits a page into its sections (each heading below the title and the
 * text up to the next heading; the text before the first one is the
 * title's section) and counts, per section, the weighted mentions of each
 * query concept: in its own heading by depth, in the headings above it, in
 * the page title, and in its text (prose, code less), from the page as
 * readPagePositions read it. A block it did not tokenise (no possible
 * match) adds its rough word count to the section's length.
 */
export function readPageSections(blocks: readonly MarkdownBlock[], title: string, read: PagePositions, conceptCount: number): PageSections {
  const titleMentions = new Float64Array(conceptCount);
  addMentions(titleMentions, read.title, SECTION_WEIGHTS.title);
  /** Per depth - 1, the unweighted mentions of the heading in force at that depth (holes where none is). */
  const ancestors: Float64Array[] = [];
  /** `own`: the mentions in the section's heading, unweighted, and the weight of its depth. */
  const newSection = (own: Float64Array | null, ownWeight: number): SectionMentions => {
    const heading = Float64Array.from(titleMentions);
    for (let concept = 0; concept < conceptCount; concept += 1) {
      if (own !== null) heading[concept]! += own[concept]! * ownWeight;
      for (const above of ancestors) if (above) heading[concept]! += above[concept]! * SECTION_WEIGHTS.ancestorHeading;
    }
    return { heading, text: new Float64Array(conceptCount), length: 0 };
  };
  let current = newSection(null, 0);
  const sections: SectionMentions[] = [current];
  let isFirstHeading = true;
  read.blocks.forEach((positions, blockIndex) => {
    const block = blocks[blockIndex]!;
    if (block.kind === 'heading') {
      const depth = Math.min(Math.max(block.depth ?? 2, 1), 6);
      // The page's opening heading that repeats its title opens no section of its own.
      const isTitle = isFirstHeading && block.text.toLowerCase() === title.toLowerCase();
      isFirstHeading = false;
      if (isTitle) return;
      const own = new Float64Array(conceptCount);
      addMentions(own, positions, 1);
      ancestors.length = depth - 1;
      current = newSection(own, SECTION_WEIGHTS.headingByDepth[depth]!);
      ancestors[depth - 1] = own;
      sections.push(current);
      return;
    }
    addMentions(current.text, positions, block.kind === 'code' ? SECTION_WEIGHTS.code : SECTION_WEIGHTS.prose);
    current.length += positions.any.length;
  });
  return { sections };
}

/**
 * The score of a page's best section: per concept, BM25 saturation of the
 * section's weighted mentions (its text's divided by its length against
 * `averageLength` as BM25 does with SECTION_LENGTH_B, never by less than 1),
 * times the concept's weight (its IDF);
 * summed, times the square root of the share of `conceptWeights`' weight the
 * section covers. A page that answers in one place scores high; one whose
 * matches are scattered over many sections (release notes) does not.
 */
export function bestSectionScore(page: PageSections, conceptWeights: readonly number[], averageLength: number): number {
  let totalWeight = 0;
  for (const weight of conceptWeights) totalWeight += weight;
  if (totalWeight === 0) return 0;
  let best = 0;
  for (const section of page.sections) {
    // A long section's mentions count for less; a short one's not for more (a two-line glossary entry is no better answer for being short).
    const normalizer = averageLength > 0 ? Math.max(1, 1 - SECTION_LENGTH_B + (SECTION_LENGTH_B * section.length) / averageLength) : 1;
    let score = 0;
    let covered = 0;
    conceptWeights.forEach((weight, concept) => {
      const mentions = section.heading[concept]! + section.text[concept]! / normalizer;
      if (mentions === 0) return;
      score += (weight * (mentions * (K1 + 1))) / (K1 + mentions);
      covered += weight;
    });
    best = Math.max(best, score * Math.sqrt(covered / totalWeight));
  }
  return best;
}

/** The average text length of the sections of these pages (what bestSectionScore normalises by). */
export function averageSectionLength(pages: readonly PageSections[]): number {
  let total = 0;
  let count = 0;
  for (const page of pages) {
    for (const section of page.sections) {
      total += section.length;
      count += 1;
    }
  }
  return count === 0 ? 0 : total / count;
}
