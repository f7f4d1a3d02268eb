import { NotFoundMessage } from '@/components/errors/not-found-message';

// Unknown paths and missing posts or vacancies land here, inside the site layout, so the
// visitor keeps the header, navigation and footer around the message.
export default function SiteNotFound() {
  return <NotFoundMessage />;
}
