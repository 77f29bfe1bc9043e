import { useQuery } from '@tanstack/react-query';
import { PrivateImage } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { supportEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { supportKey } from './queries.ts';

/** An image of the member's conversation: read with the session (it has no public address), shown inline. */
export function SupportImage({ id, index }: { id: string; index: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const image = useQuery({
    queryKey: [...supportKey(token), 'image', id],
    queryFn: ({ signal }) => api(supportEndpoints.image, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <PrivateImage
      image={image.data}
      alt={t('support.image', { number: index + 1 })}
      number={index + 1}
      className="support-msg__image"
    />
  );
}
