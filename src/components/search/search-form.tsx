import { TextField } from '@/components/forms/text-field';
import { buttonClass } from '@/components/ui/button-styles';
import { MAX_QUERY_LENGTH } from '@/lib/search/search-query';

type SearchFormProps = {
  /** The search page in the visitor's language. */
  action: string;
  query: string;
  labels: { field: string; submit: string; form: string };
};

/** A plain GET form: it works without JavaScript, and the results page has its own address. */
export function SearchForm({ action, query, labels }: SearchFormProps) {
  return (
    <form role="search" aria-label={labels.form} action={action} method="get" className="flex flex-col gap-4 sm:flex-row sm:items-end">
      <TextField
        id="search-query"
        name="q"
        type="search"
        label={labels.field}
        defaultValue={query}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className="grow"
      />
      <button type="submit" className={buttonClass({ size: 'md' })}>
        {labels.submit}
      </button>
    </form>
  );
}
