import {
  ANNOUNCEMENT_TYPES,
  contentEndpoints as api,
  contentConsoleEndpoints as bo,
  IMAGE_UPLOAD,
} from '@tessera/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { readMultipart } from '../../platform/multipart.ts';
import { crudRoutes, route } from '../../platform/route.ts';
import * as service from './service.ts';

/** The one file of a multipart upload, read whole within the size limit. */
function uploadedFile(request: FastifyRequest) {
  return readMultipart(request, async () => {
    const file = await request.file({ limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1 } });
    if (!file) throw new AppError('validation_failed', { file: 'required' });
    return { bytes: await file.toBuffer(), filename: file.filename };
  });
}

export function contentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get<{ Params: { id: string } }>('/images/:id', async (request, reply) => {
    const image = await service.storedImage(db, request.params.id);
    const etag = `"${image.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Public pictures: also shown in sandboxed previews (an opaque origin), which a same-origin policy would block.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.content_type).send(Buffer.from(image.bytes));
  });

  route(
    app,
    deps,
    api.banners,
    async ({ query, language }) => service.bannersOf(db, query.groupName, language),
    { publicContent: true },
  );
  route(app, deps, api.notices, async ({ language }) => service.publishedNotices(db, language), {
    publicContent: true,
  });
  for (const endpoint of [api.announcements, api.announcementsOtherClient]) {
    route(
      app,
      deps,
      endpoint,
      async ({ query, language, now, caller }) =>
        service.liveAnnouncements(db, caller, {
          language,
          types: query.types ?? (query.type ? [query.type] : [...ANNOUNCEMENT_TYPES]),
          platform: query.platform,
          executionType: query.execution ?? query.executionType,
          now,
        }),
      { publicContent: true },
    );
  }
  route(app, deps, api.helpCenter, async ({ language }) => service.helpCentre(db, language), {
    publicContent: true,
  });

  route(app, deps, bo.uploadImage, async (ctx) =>
    service.uploadImage(deps, ctx, await uploadedFile(ctx.request)),
  );

  route(app, deps, bo.banners.list, async ({ query }) => service.bannerRows(db, query.groupName));
  route(app, deps, bo.banners.create, async (ctx) => service.createBanner(deps, ctx, ctx.body));
  route(app, deps, bo.banners.update, async (ctx) =>
    service.updateBanner(deps, ctx, ctx.params.id, ctx.body),
  );
  route(app, deps, bo.banners.remove, async (ctx) => service.removeBanner(deps, ctx, ctx.params.id));

  crudRoutes(app, deps, bo.notices, async () => service.noticeRows(db), service.notices);
  crudRoutes(app, deps, bo.announcements, async () => service.announcementRows(db), service.announcements);
  crudRoutes(app, deps, bo.helpCategories, async () => service.helpCategoryRows(db), service.helpCategories);
  crudRoutes(app, deps, bo.helpArticles, async () => service.helpArticleRows(db), service.helpArticles);
}
