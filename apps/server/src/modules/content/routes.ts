import {
  type announcementInput,
  systemEndpoints as api,
  type bannerInput,
  backofficeEndpoints as bo,
  IMAGE_UPLOAD,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { route } from '../../platform/route.ts';
import { sanitizeRichHtml } from '../../platform/sanitize.ts';
import * as service from './service.ts';
import * as store from './store.ts';

export function contentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.get<{ Params: { id: string } }>('/images/:id', async (request, reply) => {
    const { id } = request.params;
    const image = /^[0-9a-f-]{36}$/.test(id) ? await store.findImage(db, id) : null;
    if (!image) throw new AppError('not_found');
    const etag = `"${image.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.content_type).send(Buffer.from(image.bytes));
  });

  route(app, deps, api.banners, async ({ query }) => service.bannersOf(db, query.groupName));
  route(app, deps, api.notices, async ({ language }) => service.publishedNotices(db, language));
  route(app, deps, api.announcements, async ({ query, language, now }) =>
    service.liveAnnouncements(db, {
      language,
      type: query.type ?? null,
      platform: query.platform,
      executionType: query.executionType,
      now,
    }),
  );
  route(app, deps, api.helpCenter, async ({ language }) => service.helpCentre(db, language));

  route(app, deps, bo.uploadImage, async (ctx) => {
    if (!ctx.request.isMultipart()) throw new AppError('unsupported_media_type');
    const file = await ctx.request.file({ limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1 } });
    if (!file) throw new AppError('validation_failed', { file: 'required' });
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
      throw error;
    });
    return operatorWrite(deps, ctx, { entity: 'image', action: 'create' }, async (tx) => {
      const image = await service.storeUploadedImage(tx, bytes, ctx.now);
      const after = {
        imageId: image.imageId,
        contentType: image.contentType,
        bytes: image.bytes,
        name: file.filename,
      };
      return { entityId: image.imageId, before: null, after, result: image };
    });
  });

  const requireImage = async (tx: Parameters<typeof store.imageExists>[0], imageId: string) => {
    if (!(await store.imageExists(tx, imageId)))
      throw new AppError('validation_failed', { imageId: 'invalid_value' });
  };
  const bannerFields = (body: z.output<typeof bannerInput>) => ({
    group_name: body.groupName,
    title: body.title,
    image_id: body.imageId,
    linkage_type: body.linkageType,
    link_url: body.linkageType === '' ? '' : body.linkUrl,
    sort: body.sort,
    enabled: body.enabled,
  });
  route(app, deps, bo.banners.list, async ({ query }) =>
    (await store.listBanners(db, { groupName: query.groupName, enabledOnly: false })).map(
      service.bannerRowView,
    ),
  );
  route(app, deps, bo.banners.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'banner', action: 'create' }, async (tx) => {
      await requireImage(tx, ctx.body.imageId);
      const after = service.bannerRowView(await store.insertBanner(tx, bannerFields(ctx.body)));
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.banners.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'banner', action: 'update' }, async (tx) => {
      const before = service.bannerRowView(orNotFound(await store.findBanner(tx, ctx.params.id)));
      await requireImage(tx, ctx.body.imageId);
      const row = await store.updateBanner(tx, { id: ctx.params.id, ...bannerFields(ctx.body) });
      const after = service.bannerRowView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, bo.banners.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'banner', action: 'delete' }, async (tx) => {
      const before = service.bannerRowView(orNotFound(await store.deleteBanner(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  route(app, deps, bo.notices.list, async () => (await store.listNotices(db)).map(service.noticeRowView));
  route(app, deps, bo.notices.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'notice', action: 'create' }, async (tx) => {
      const row = await store.insertNotice(
        tx,
        { ...ctx.body, content: sanitizeRichHtml(ctx.body.content) },
        ctx.now,
      );
      const after = service.noticeRowView(row);
      return { entityId: row.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.notices.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'notice', action: 'update' }, async (tx) => {
      const before = service.noticeRowView(orNotFound(await store.findNotice(tx, ctx.params.id)));
      const row = await store.updateNotice(tx, {
        id: ctx.params.id,
        ...ctx.body,
        content: sanitizeRichHtml(ctx.body.content),
      });
      const after = service.noticeRowView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, bo.notices.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'notice', action: 'delete' }, async (tx) => {
      const before = service.noticeRowView(orNotFound(await store.deleteNotice(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  const announcementFields = (body: z.output<typeof announcementInput>) => ({
    type: body.type,
    language: body.language,
    title: body.title,
    content: sanitizeRichHtml(body.content),
    starts_at: body.startsAt ? new Date(body.startsAt) : null,
    ends_at: body.endsAt ? new Date(body.endsAt) : null,
    sort: body.sort,
    enabled: body.enabled,
  });
  route(app, deps, bo.announcements.list, async () =>
    (await store.listAnnouncements(db)).map(service.announcementRowView),
  );
  route(app, deps, bo.announcements.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'announcement', action: 'create' }, async (tx) => {
      const after = service.announcementRowView(
        await store.insertAnnouncement(tx, announcementFields(ctx.body)),
      );
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.announcements.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'announcement', action: 'update' }, async (tx) => {
      const before = service.announcementRowView(orNotFound(await store.findAnnouncement(tx, ctx.params.id)));
      const row = await store.updateAnnouncement(tx, ctx.params.id, announcementFields(ctx.body));
      const after = service.announcementRowView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, bo.announcements.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'announcement', action: 'delete' }, async (tx) => {
      const before = service.announcementRowView(
        orNotFound(await store.deleteAnnouncement(tx, ctx.params.id)),
      );
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  route(app, deps, bo.helpCategories.list, async () =>
    (await store.listHelpCategories(db)).map(service.helpCategoryView),
  );
  route(app, deps, bo.helpCategories.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_category', action: 'create' }, async (tx) => {
      const after = service.helpCategoryView(await store.insertHelpCategory(tx, ctx.body));
      return { entityId: after.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.helpCategories.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_category', action: 'update' }, async (tx) => {
      const before = service.helpCategoryView(orNotFound(await store.findHelpCategory(tx, ctx.params.id)));
      const row = await store.updateHelpCategory(tx, { id: ctx.params.id, ...ctx.body });
      const after = service.helpCategoryView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, bo.helpCategories.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_category', action: 'delete' }, async (tx) => {
      const before = service.helpCategoryView(orNotFound(await store.deleteHelpCategory(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );

  const requireCategory = async (tx: Parameters<typeof store.findHelpCategory>[0], id: number) => {
    if (!(await store.findHelpCategory(tx, id)))
      throw new AppError('validation_failed', { categoryId: 'invalid_value' });
  };
  route(app, deps, bo.helpArticles.list, async () =>
    (await store.listHelpArticles(db, null)).map(service.helpArticleView),
  );
  route(app, deps, bo.helpArticles.create, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_article', action: 'create' }, async (tx) => {
      await requireCategory(tx, ctx.body.categoryId);
      const row = await store.insertHelpArticle(tx, {
        category_id: ctx.body.categoryId,
        title: ctx.body.title,
        content: sanitizeRichHtml(ctx.body.content),
        sort: ctx.body.sort,
      });
      const after = service.helpArticleView(row);
      return { entityId: row.id, before: null, after, result: after };
    }),
  );
  route(app, deps, bo.helpArticles.update, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_article', action: 'update' }, async (tx) => {
      const before = service.helpArticleView(orNotFound(await store.findHelpArticle(tx, ctx.params.id)));
      await requireCategory(tx, ctx.body.categoryId);
      const row = await store.updateHelpArticle(tx, {
        id: ctx.params.id,
        category_id: ctx.body.categoryId,
        title: ctx.body.title,
        content: sanitizeRichHtml(ctx.body.content),
        sort: ctx.body.sort,
      });
      const after = service.helpArticleView(orNotFound(row));
      return { entityId: ctx.params.id, before, after, result: after };
    }),
  );
  route(app, deps, bo.helpArticles.remove, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'help_article', action: 'delete' }, async (tx) => {
      const before = service.helpArticleView(orNotFound(await store.deleteHelpArticle(tx, ctx.params.id)));
      return { entityId: ctx.params.id, before, after: null, result: { ok: true as const } };
    }),
  );
}
