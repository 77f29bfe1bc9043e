import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { PHONE_MAX_WIDTH } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { endpoints } from '../../app/endpoints.ts';

const bannersQuery = (groupName: string) =>
  queryOptions({
    queryKey: ['system', 'banners', groupName],
    queryFn: ({ signal }) => api(endpoints.banners, { query: { groupName }, signal }),
  });

export function useBanners(groupName: string) {
  return useQuery(bannersQuery(groupName));
}

/**
 * Asks for a group's banners before the page that shows them is drawn (app/firstScreen.ts), and then for the first
 * banner's picture, the one this screen's size shows (BannerCarousel's <picture>): on a lobby it is what the page
 * paints largest, and it need not wait for the carousel to be drawn.
 */
export function prefetchBanners(client: QueryClient, groupName: string): void {
  client.fetchQuery(bannersQuery(groupName)).then(
    (banners) => {
      const first = banners[0];
      if (!first) return;
      const phone = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`).matches;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = phone && first.phoneUrl ? first.phoneUrl : first.url;
    },
    () => {
      // The carousel asks again, and shows what it gets.
    },
  );
}
