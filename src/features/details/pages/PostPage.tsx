import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { feed } from '../../../../domain/index.js';
import styles from '../Details.module.css';
import { AuthorRow, Comments, DetailFrame, Stats, TagList, WorksSection } from '../parts';

/**
 * `/posts/:id`: a post's rich text. The HTML was sanitised under the spec §5 policy before it
 * entered the store (infrastructure/details/sanitize.ts): only the allowed tags, attributes and
 * styles, no script or event handler, no javascript or data link, external links in a new tab.
 */
const PostPage = () => {
  const id = useParams()['id'] ?? '';
  return (
    <DetailFrame page="post" id={id}>
      {(item) => (
        <article className="detail-page" data-testid="post-detail">
          <header className={styles.postHeader}>
            <p className={styles.kicker}>
              {item.subChannel !== null &&
              (feed.POST_SUB_CHANNELS as readonly string[]).includes(item.subChannel) ? (
                <FormattedMessage id={`feed.channel.${item.subChannel}`} />
              ) : (
                <FormattedMessage id="feed.card.post" />
              )}
            </p>
            <h1 dir="auto" className={styles.title}>
              {item.title}
            </h1>
            <AuthorRow item={item} />
            <Stats item={item} />
            <TagList item={item} />
          </header>
          <div
            className={styles.article}
            data-testid="post-content"
            // Sanitised by DOMPurify under domain/moderation's allow-list before it reached the store.
            dangerouslySetInnerHTML={{ __html: item.contentHtml ?? '' }}
          />
          <Comments id={item.id} />
          <WorksSection
            id={item.id}
            list="related"
            titleId="details.relatedPosts"
            emptyId="details.relatedEmpty"
          />
        </article>
      )}
    </DetailFrame>
  );
};

export default PostPage;
