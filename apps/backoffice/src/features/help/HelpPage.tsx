import { contentConsoleEndpoints, type LanguageCode, type ResponseOf } from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudDialogs, RowActions } from '../../app/CrudPage.tsx';
import { sortColumn, titleColumn } from '../../app/columns.tsx';
import { type Editor, useCrudEditing } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors, QueryError } from '../../app/errors.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';
import { LanguageField, SortField, TitleField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';
import { useSavedPreview } from '../content/SavedPreview.tsx';
import '../content/content.css';
import './help.css';

type Category = ResponseOf<typeof contentConsoleEndpoints.helpCategories.list>[number];
type Article = ResponseOf<typeof contentConsoleEndpoints.helpArticles.list>[number];

const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;

export function HelpPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlState();
  const preview = useSavedPreview<Article>();

  const select = (id: number) => {
    update({ category: String(id) }, { replace: true });
    preview.hide();
  };
  const articles = useCrudEditing(contentConsoleEndpoints.helpArticles, 'helpArticles', {
    name: (article) => article.title,
    savedMessage: (saved) => t('help.articleSaved', { title: saved.title }),
    onSaved: (saved) => {
      select(saved.categoryId);
      preview.show(saved);
    },
    onDeleted: preview.forget,
  });
  const categories = useCrudEditing(contentConsoleEndpoints.helpCategories, 'helpCategories', {
    name: (category) => category.title,
    savedMessage: (saved) => t('help.categorySaved', { title: saved.title }),
    onSaved: (saved) => select(saved.id),
    onDeleted: () => void articles.list.refetch(),
  });

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

  const articleColumns: Column<Article>[] = [
    titleColumn(t),
    sortColumn(t),
    actionsColumn(t('common.actions'), (article) => (
      <RowActions
        name={article.title}
        onEdit={() => articles.edit(article)}
        onDelete={() => articles.askDelete(article)}
      >
        {preview.button(article)}
      </RowActions>
    )),
  ];

  const loading = categories.list.isPending || articles.list.isPending;
  const failed = categories.list.error ?? articles.list.error;
  const newCategoryButton = (label: string) => (
    <Button variant="primary" icon={<Icon name="plus" />} onClick={() => categories.edit('new')}>
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('nav.help')}
        description={t('help.description')}
        actions={newCategoryButton(t('help.newCategory'))}
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
            action={newCategoryButton(t('help.firstCategory'))}
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
                        onClick={() => categories.edit(category)}
                      >
                        <Icon name="edit" size={14} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-icon btn-sm btn-danger"
                        aria-label={t('common.deleteNamed', { name: category.title })}
                        title={t('common.delete')}
                        onClick={() => categories.askDelete(category)}
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
                    onClick={() => articles.edit('new')}
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
              {preview.card}
            </div>
          </div>
        )
      ) : null}

      <CrudDialogs
        crud={categories}
        editor={(editor) => <CategoryDialog {...editor} />}
        deleteTitle={t('help.deleteCategoryTitle')}
        deleteMessage={(name) => t('help.deleteCategoryConfirm', { name })}
      />
      <CrudDialogs
        crud={articles}
        editor={(editor) => (
          <ArticleDialog
            {...editor}
            categories={categoryList}
            defaultCategoryId={selected?.id ?? categoryList[0]?.id ?? 0}
          />
        )}
        deleteTitle={t('help.deleteArticleTitle')}
      />
    </>
  );
}

function CategoryDialog({
  row: category,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof contentConsoleEndpoints.helpCategories>) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>(category?.language ?? 'EN');
  const [title, setTitle] = useState(category?.title ?? '');
  const [sort, setSort] = useState(String(category?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <FormDialog
      size="sm"
      title={category ? t('help.editCategory') : t('help.newCategory')}
      saveLabel={t('help.saveCategory')}
      saving={saving}
      error={error}
      shownFields={['language', 'title', 'sort']}
      onClose={onClose}
      onSubmit={() => onSave({ language, title, sort: toSort(sort) })}
    >
      <TitleField value={title} onChange={setTitle} error={errors.title} maxLength={120} />
      <LanguageField value={language} onChange={setLanguage} error={errors.language} />
      <SortField value={sort} onChange={setSort} error={errors.sort} />
    </FormDialog>
  );
}

function ArticleDialog({
  row: article,
  categories,
  defaultCategoryId,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof contentConsoleEndpoints.helpArticles> & {
  categories: readonly Category[];
  defaultCategoryId: number;
}) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState(String(article?.categoryId ?? defaultCategoryId));
  const [title, setTitle] = useState(article?.title ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [sort, setSort] = useState(String(article?.sort ?? 0));
  const errors = fieldErrors(error);
  return (
    <FormDialog
      size="xl"
      title={article ? t('help.editArticle') : t('help.newArticle')}
      saveLabel={t('help.saveArticle')}
      saving={saving}
      error={error}
      shownFields={['categoryId', 'title', 'content', 'sort']}
      onClose={onClose}
      onSubmit={() => onSave({ categoryId: Number(categoryId), title, content, sort: toSort(sort) })}
    >
      <div className="form-grid">
        <TitleField
          value={title}
          onChange={setTitle}
          error={errors.title}
          maxLength={200}
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
        <SortField value={sort} onChange={setSort} error={errors.sort} />
      </div>
      <ContentEditor
        value={content}
        onChange={setContent}
        error={errors.content}
        savedHtml={article?.content}
        maxLength={100_000}
      />
    </FormDialog>
  );
}
