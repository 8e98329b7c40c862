import { z } from 'zod';
import { intInput, pkInput } from './common';
import { MODALITIES } from '../constants';

/** public: everyone's; group: the user's region; hospital: the user's hospital; user: the user's own. */
export const KNOWLEDGE_SCOPES = ['public', 'group', 'hospital', 'user'] as const;
export type KnowledgeScope = (typeof KNOWLEDGE_SCOPES)[number];

export const KnowledgeNodeSchema = z
  .object({
    pk: z.number().int(),
    parent: z.number().int().nullable(),
    label: z.string(),
    isleaf: z.boolean(),
    ishtml: z.boolean(),
    type: z.string(),
    sj: z.string(),
    yj: z.string(),
    modality: z.string(),
    used: z.number().int(),
    /** Place among its siblings (ascending, then pk): what a move or reorder changes. */
    sort: z.number().int(),
    get children() {
      return z.array(KnowledgeNodeSchema).optional();
    },
  })
  .meta({ id: 'KnowledgeNode' });
export type KnowledgeNode = z.infer<typeof KnowledgeNodeSchema>;

const Modality = z
  .enum(MODALITIES)
  .optional()
  .or(z.literal('').transform(() => undefined));

export const KnowledgeTreeRequestSchema = z.object({ scope: z.enum(KNOWLEDGE_SCOPES), modality: Modality });

export const KnowledgeSaveSchema = z.object({
  /** The tree: the user's own (default), or a shared one the user may change (docs/decisions.md). */
  scope: z.enum(KNOWLEDGE_SCOPES).default('user'),
  pk: pkInput().optional(),
  parent: pkInput().nullable().default(null),
  label: z.string().trim().min(1).max(128),
  isleaf: z.boolean(),
  sj: z.string().max(20_000).default(''),
  yj: z.string().max(20_000).default(''),
  modality: Modality,
  /** Place among its siblings (ascending); unchanged when absent. */
  sort: intInput(0, 100_000).optional(),
});
export const KnowledgePkSchema = z.object({ pk: pkInput() });
