import { bigint, bigserial, integer, jsonb, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ViewerAnnotation } from '@shared/schemas/image-viewer';
import { sysUser } from './org';
import { study } from './study';

/**
 * A user's measurements and annotations on a study in the web viewer (issue 41), kept so that they are shown
 * again when the viewer reopens. One row per user and study, holding all of them: the viewer saves its whole
 * set, so a reading is never half saved.
 */
export const viewerAnnotation = pgTable(
  'viewer_annotation',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    user_pk: integer('user_pk')
      .notNull()
      .references(() => sysUser.pk, { onDelete: 'cascade' }),
    study_pk: bigint('study_pk', { mode: 'number' })
      .notNull()
      .references(() => study.pk, { onDelete: 'cascade' }),
    annotations: jsonb('annotations').$type<ViewerAnnotation[]>().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('viewer_annotation_user_study').on(t.user_pk, t.study_pk)],
);
