import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ImageTagsQuerySchema,
  ImageTagsSchema,
  PriorStudiesQuerySchema,
  PriorStudySchema,
  ViewerAnnotationsQuerySchema,
  ViewerAnnotationsSaveSchema,
  ViewerAnnotationsSchema,
} from '@shared/schemas/image-viewer';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { annotationsOf, saveAnnotations } from './annotations';
import { priorStudies } from './priors';
import { sessionOrViewerToken, viewerOfRequest } from '../images';
import { imageTags } from './tags';

const tags = ['image-viewer'];

/** The web viewer's measurements and annotations, kept per user and study, its priors and its tag browser (issue 41). */
export function imageViewerRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado/annotations',
      tags,
      summary:
        "The signed-in user's measurements and annotations on a study in the web viewer (their own only; 404 outside their hospital)",
      ...access('session'),
      request: { query: ViewerAnnotationsQuerySchema },
      responses: okResponse(ViewerAnnotationsSchema),
    }),
    async (c) => ok(c, await annotationsOf(c.var.deps.db, c.var.user, c.req.valid('query').studyUID)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/wado/annotations',
      tags,
      summary:
        "Replaces the signed-in user's measurements and annotations on a study with the given set (at most 200; an empty set removes them). Session only: a viewer token does not save",
      ...access('session'),
      request: jsonBody(ViewerAnnotationsSaveSchema),
      responses: okResponse(ViewerAnnotationsSchema),
    }),
    async (c) => {
      const b = c.req.valid('json');
      return ok(c, await saveAnnotations(c.var.deps.db, c.var.user, b.studyUID, b.annotations));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado/priorStudies',
      tags,
      summary:
        "The patient's other studies with images, to open beside this one in the web viewer: same patient ID and hospital, within the caller's modalities, newest first, at most 20 (404 outside the caller's hospital)",
      ...access('session'),
      request: { query: PriorStudiesQuerySchema },
      responses: okResponse(z.array(PriorStudySchema)),
    }),
    async (c) => ok(c, await priorStudies(c.var.deps.db, c.var.user, c.req.valid('query').studyUID)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado/tags',
      tags,
      summary:
        "One image's DICOM header for the viewer's tag browser: its elements as a tree (tag, keyword, VR, value as text; sequences with their items), file meta information first. Bounded: pixel data by its length only, values cut at 256 characters, at most 3000 elements and 6 sequence levels (truncated says so). Session header (the caller's hospital and modalities), or token= a viewer token of that study; 404 for an image deleted, unknown or outside the scope",
      middleware: [sessionOrViewerToken],
      'x-permission': 'session',
      request: { query: ImageTagsQuerySchema },
      responses: okResponse(ImageTagsSchema),
    }),
    async (c) => {
      const { token: _token, ...q } = c.req.valid('query');
      return ok(c, await imageTags(c.var.deps, viewerOfRequest(c), q));
    },
  );
  return app;
}
