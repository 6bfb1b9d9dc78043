import { FormattedMessage, useIntl } from 'react-intl';
import { images } from '../../../domain/index.js';
import { loadTestimonials } from '../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Card, EmptyState, ErrorState, Picture, Skeleton } from '../../ui';
import styles from './Billing.module.css';
import { useTestimonials } from './useBilling';

/** The side of a testimonial's avatar (Billing.module.css `.quoteAvatar`). */
const QUOTE_AVATAR_PX = 36;
/** Spec §1: the twelve membership testimonials, in Chinese on a zh-* page and English elsewhere. */
export const Testimonials = ({ locale }: { readonly locale: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { status, items, language } = useTestimonials(locale);
  return (
    <section className={styles.section} data-testid="testimonials" lang={language === 'zh' ? 'zh' : 'en'}>
      <h2 className={styles.heading}>
        <FormattedMessage id="billing.testimonials.title" />
      </h2>
      {(status === 'idle' || status === 'loading') && (
        <div className={styles.quotes}>
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton
                lines={3}
                label={i === 0 ? intl.formatMessage({ id: 'billing.loading' }) : undefined}
              />
            </Card>
          ))}
        </div>
      )}
      {status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="billing.testimonials.error" />}
          retryLabel={intl.formatMessage({ id: 'billing.retry' })}
          onRetry={() => dispatch(loadTestimonials({}))}
        />
      )}
      {status === 'loaded' && items.length === 0 && (
        <EmptyState level={3} title={<FormattedMessage id="billing.testimonials.empty" />} />
      )}
      {items.length > 0 && (
        <div className={styles.quotes}>
          {items.map((t) => (
            <Card key={t.id} className={styles.quote} data-testid="testimonial">
              <div className={styles.quoteHead}>
                <Picture
                  className={styles.quoteAvatar}
                  {...images.pictureOf(t.avatar, QUOTE_AVATAR_PX)}
                  width={QUOTE_AVATAR_PX}
                  height={QUOTE_AVATAR_PX}
                  alt=""
                />
                <div>
                  <p dir="auto" className={styles.quoteTitle}>
                    {t.title}
                  </p>
                  <p dir="auto" className={styles.muted}>
                    {t.name}
                  </p>
                </div>
              </div>
              <p dir="auto" className={styles.quoteBody}>
                {t.content}
              </p>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
};
