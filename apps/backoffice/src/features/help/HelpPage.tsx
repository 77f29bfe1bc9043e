import { backofficeEndpoints, type LanguageCode, type ResponseOf } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCrud } from '../../app/crud.ts';
import { errorText, FormError, fieldErrors, QueryError } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog, Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { languageOptions, toSort } from '../content/options.ts';
import { SavedPreview } from '../content/SavedPreview.tsx';
import '../content/content.css';
import './help.css';

type Category = ResponseOf<typeof backofficeEndpoints.helpCategories.list>[number];
type Article = ResponseOf<typeof backofficeEndpoints.helpArticles.list>[number];

const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;

export function HelpPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const categories = useCrud(backofficeEndpoints.helpCategories, 'helpCategories');
  const articles = useCrud(backofficeEndpoints.helpArticles, 'helpArticles');
  const [editingCategory, setEditingCategory] = useState<Category | 'new' | null>(null);
  const [deletingCategory, setDeletingCategory] = useState<Category | null>(null);
  const [editingArticle, setEditingArticle] = useState<Article | 'new' | null>(null);
  const [deletingArticle, setDeletingArticle] = useState<Article | null>(null);
  const [previewing, setPreviewing] = useState<Article | null>(null);

  const categoryList = [...(categories.list.data ?? [])].sort(bySort);
  const requested = Number(params.get('category'));
  const selected = categoryList.find((category) => category.id === requested) ?? categoryList[0] ?? null;
  const articleList = [...(articles.list.data ?? [])]
    .filter((article) => article.categoryId === selected?.id)
    .sort(bySort);
  const articleCounts = new Map<number, number>();
  for (const article of articles.list.data ?? []) {
    articleCounts.set(article.categoryId, (articleCounts.get(article.categoryId) ?? 0) + 1);
  }

  const select = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('category', String(id));
    setParams(next, { replace: true });
    setPreviewing(null);
  };

  const articleColumns: Column<Article>[] = [
    {
      key: 'title',
      header: t('common.title'),
      render: (article) => (
        <span className="title-cell">
          <span className="cell-strong">{article.title}</span>
        </span>
      ),
    },
    { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (article) => article.sort },
    {
      key: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'actions',
      cellLabel: t('common.actions'),
      render: (article) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="eye" size={14} />}
            aria-label={t('content.previewNamed', { title: article.title })}
            onClick={() => setPreviewing(article)}
          >
            {t('content.preview')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="edit" size={14} />}
            aria-label={t('common.editNamed', { name: article.title })}
            onClick={() => {
              articles.save.reset();
              setEditingArticle(article);
            }}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="trash" size={14} />}
            aria-label={t('common.deleteNamed', { name: article.title })}
            onClick={() => {
              articles.remove.reset();
              setDeletingArticle(article);
            }}
          >
            {t('common.delete')}
          </Button>
        </>
      ),
    },
  ];

  const loading = categories.list.isPending || articles.list.isPending;
  const failed = categories.list.error ?? articles.list.error;

  return (
    <>
      <PageHeader
        title={t('nav.help')}
        description={t('help.description')}
        actions={
          <Button
            variant="primary"
            icon={<Icon name="plus" />}
            onClick={() => {
              categories.save.reset();
              setEditingCategory('new');
            }}
          >
            {t('help.newCategory')}
          </Button>
        }
      />
      {loading ? <LoadingState label={t('common.loading')} /> : null}
      {failed ? (
        <QueryError
          error={failed}
          onRetry={() => {
            void categories.list.refetch();
            void articles.list.refetch();
          }}
        />
      ) : null}
      {!loading && !failed ? (
        categoryList.length === 0 ? (
          <EmptyState
            icon="help"
            title={t('help.emptyCategories')}
            description={t('help.emptyCategoriesHint')}
            action={
              <Button
                variant="primary"
                icon={<Icon name="plus" />}
                onClick={() => {
                  categories.save.reset();
                  setEditingCategory('new');
                }}
              >
                {t('help.firstCategory')}
              </Button>
            }
          />
        ) : (
          <div className="help-layout">
            <Card title={t('help.categories')} className="help-categories">
              <ul className="category-list">
                {categoryList.map((category) => (
                  <li
                    key={category.id}
                    className={`category-item${category.id === selected?.id ? ' category-item-active' : ''}`}
                  >
                    <button
                      type="button"
                      className="category-select"
                      aria-current={category.id === selected?.id ? 'true' : undefined}
                      onClick={() => select(category.id)}
                    >
                      <span className="category-title">{category.title}</span>
                      <span className="category-meta">
                        <Badge>{category.language}</Badge>
                        <span className="subtle">
                          {t('help.articleCount', { count: articleCounts.get(category.id) ?? 0 })}
                        </span>
                      </span>
                    </button>
                    <span className="category-actions">
                      <button
                        type="button"
                        className="btn btn-icon btn-sm btn-ghost"
                        aria-label={t('common.editNamed', { name: category.title })}
                        title={t('common.edit')}
                        onClick={() => {
                          categories.save.reset();
                          setEditingCategory(category);
                        }}
                      >
                        <Icon name="edit" size={14} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-icon btn-sm btn-danger"
                        aria-label={t('common.deleteNamed', { name: category.title })}
                        title={t('common.delete')}
                        onClick={() => {
                          categories.remove.reset();
                          setDeletingCategory(category);
                        }}
                      >
                        <Icon name="trash" size={14} />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
            <div className="stack-lg">
              <Card
                title={selected ? t('help.articlesIn', { category: selected.title }) : t('help.articles')}
                actions={
                  <Button
                    size="sm"
                    variant="primary"
                    icon={<Icon name="plus" />}
                    onClick={() => {
                      articles.save.reset();
                      setEditingArticle('new');
                    }}
                  >
                    {t('help.newArticle')}
                  </Button>
                }
              >
                <Table
                  caption={t('help.articles')}
                  columns={articleColumns}
                  rows={articleList}
                  rowKey={(article) => article.id}
                  empty={
                    <EmptyState
                      icon="help"
                      title={t('help.emptyArticles')}
                      description={t('help.emptyArticlesHint')}
                    />
                  }
                />
              </Card>
              {previewing ? (
                <SavedPreview
                  title={previewing.title}
                  html={previewing.content}
                  onClose={() => setPreviewing(null)}
                />
              ) : null}
            </div>
          </div>
        )
      ) : null}

      {editingCategory ? (
        <CategoryDialog
          category={editingCategory === 'new' ? null : editingCategory}
          saving={categories.save.isPending}
          error={categories.save.error}
          onClose={() => setEditingCategory(null)}
          onSave={(body) =>
            categories.save.mutate(
              { id: editingCategory === 'new' ? undefined : editingCategory.id, body },
              {
                onSuccess: (saved) => {
                  setEditingCategory(null);
                  select(saved.id);
                  toast.show(t('help.categorySaved', { title: saved.title }));
                },
              },
            )
          }
        />
      ) : null}
      {editingArticle ? (
        <ArticleDialog
          article={editingArticle === 'new' ? null : editingArticle}
          categories={categoryList}
          defaultCategoryId={selected?.id ?? categoryList[0]?.id ?? 0}
          saving={articles.save.isPending}
          error={articles.save.error}
          onClose={() => setEditingArticle(null)}
          onSave={(body) =>
            articles.save.mutate(
              { id: editingArticle === 'new' ? undefined : editingArticle.id, body },
              {
                onSuccess: (saved) => {
                  setEditingArticle(null);
                  select(saved.categoryId);
                  setPreviewing(saved);
                  toast.show(t('help.articleSaved', { title: saved.title }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deletingCategory !== null}
        title={t('help.deleteCategoryTitle')}
        message={t('help.deleteCategoryConfirm', { name: deletingCategory?.title ?? '' })}
        confirmLabel={t('common.delete')}
        busy={categories.remove.isPending}
        error={
          categories.remove.error ? (
            <Alert tone="error" title={errorText(categories.remove.error, t)} />
          ) : null
        }
        onCancel={() => setDeletingCategory(null)}
        onConfirm={() =>
          deletingCategory &&
          categories.remove.mutate(deletingCategory.id, {
            onSuccess: () => {
              setDeletingCategory(null);
              void articles.list.refetch();
              toast.show(t('common.deleted', { name: deletingCategory.title }));
            },
          })
        }
      />
      <ConfirmDialog
        open={deletingArticle !== null}
        title={t('help.deleteArticleTitle')}
        message={t('common.deleteConfirm', { name: deletingArticle?.title ?? '' })}
        confirmLabel={t('common.delete')}
        busy={articles.remove.isPending}
        error={
          articles.remove.error ? <Alert tone="error" title={errorText(articles.remove.error, t)} /> : null
        }
        onCancel={() => setDeletingArticle(null)}
        onConfirm={() =>
          deletingArticle &&
          articles.remove.mutate(deletingArticle.id, {
            onSuccess: () => {
              if (previewing?.id === deletingArticle.id) setPreviewing(null);
              setDeletingArticle(null);
              toast.show(t('common.deleted', { name: deletingArticle.title }));
            },
          })
        }
      />
    </>
  );
}

function CategoryDialog({
  category,
  saving,
  error,
  onClose,
  onSave,
}: {
  category: Category | null;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { language: LanguageCode; title: string; sort?: number }) => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>(category?.language ?? 'EN');
  const [title, setTitle] = useState(category?.title ?? '');
  const [sort, setSort] = useState(String(category?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      size="sm"
      title={category ? t('help.editCategory') : t('help.newCategory')}
      onClose={onClose}
      onSubmit={() => onSave({ language, title, sort: toSort(sort) })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('help.saveCategory')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['language', 'title', 'sort']} />
      <TextField
        label={t('common.title')}
        value={title}
        maxLength={120}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <Select
        label={t('common.language')}
        value={language}
        options={languageOptions(t)}
        onChange={(event) => setLanguage(event.target.value as LanguageCode)}
        error={errors.language}
      />
      <TextField
        label={t('common.sortOrder')}
        type="number"
        min={0}
        max={9999}
        value={sort}
        onChange={(event) => setSort(event.target.value)}
        error={errors.sort}
      />
    </Modal>
  );
}

function ArticleDialog({
  article,
  categories,
  defaultCategoryId,
  saving,
  error,
  onClose,
  onSave,
}: {
  article: Article | null;
  categories: readonly Category[];
  defaultCategoryId: number;
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: { categoryId: number; title: string; content: string; sort?: number }) => void;
}) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState(String(article?.categoryId ?? defaultCategoryId));
  const [title, setTitle] = useState(article?.title ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [sort, setSort] = useState(String(article?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <Modal
      open
      size="xl"
      title={article ? t('help.editArticle') : t('help.newArticle')}
      onClose={onClose}
      onSubmit={() => onSave({ categoryId: Number(categoryId), title, content, sort: toSort(sort) })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {t('help.saveArticle')}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={['categoryId', 'title', 'content', 'sort']} />
      <div className="form-grid">
        <TextField
          label={t('common.title')}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          fieldClassName="span-2"
        />
        <Select
          label={t('help.category')}
          value={categoryId}
          options={categories.map((category) => ({
            value: String(category.id),
            label: `${category.title} (${category.language})`,
          }))}
          onChange={(event) => setCategoryId(event.target.value)}
          error={errors.categoryId}
        />
        <TextField
          label={t('common.sortOrder')}
          type="number"
          min={0}
          max={9999}
          value={sort}
          onChange={(event) => setSort(event.target.value)}
          error={errors.sort}
        />
      </div>
      <ContentEditor
        value={content}
        onChange={setContent}
        error={errors.content}
        savedHtml={article?.content}
        maxLength={100_000}
      />
    </Modal>
  );
}
