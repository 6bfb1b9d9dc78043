import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { decorations, images } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Button, Dialog, EmptyState, Picture } from '../../ui';
import styles from './Decorations.module.css';
import { usePickableWorks } from './useDecorations';

/** How wide a work to pick is shown (Decorations.module.css `.works`: 7rem columns in the dialog), square. */
const PICK_PX = 140;

/** Spec §7 use (ornament_id, work_id): pick one of one's finished works, five a page (spec §9). */
export const WorkPicker = ({
  open,
  onOpenChange,
  onPick,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onPick: (workId: string) => void;
}) => {
  const intl = useIntl();
  const { to } = useLocale();
  const works = usePickableWorks();
  const [page, setPage] = useState(1);
  const size = decorations.PRODUCT_PICKER_PAGE_SIZE;
  const pager = decorations.pagerOf(page, works.length, size);
  const shown = works.slice((pager.page - 1) * size, pager.page * size);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'decorations.picker.title' })}
      description={intl.formatMessage({ id: 'decorations.picker.description' })}
      closeLabel={intl.formatMessage({ id: 'decorations.close' })}
      footer={
        works.length > size ? (
          <div className={styles.pager}>
            <Button size="sm" variant="ghost" disabled={!pager.hasPrevious} onClick={() => setPage(page - 1)}>
              <FormattedMessage id="decorations.previous" />
            </Button>
            <FormattedMessage id="decorations.pageOf" values={{ page: pager.page, pages: pager.pages }} />
            <Button size="sm" variant="ghost" disabled={!pager.hasNext} onClick={() => setPage(page + 1)}>
              <FormattedMessage id="decorations.next" />
            </Button>
          </div>
        ) : null
      }
    >
      {works.length === 0 ? (
        <EmptyState
          level={3}
          title={intl.formatMessage({ id: 'decorations.picker.empty' })}
          action={
            <Button asChild variant="primary" size="sm">
              <Link to={to('/create')}>
                <FormattedMessage id="decorations.picker.create" />
              </Link>
            </Button>
          }
        />
      ) : (
        <ul className={styles.works}>
          {shown.map((w, i) => (
            <li key={w.id}>
              <button
                type="button"
                className={styles.workButton}
                onClick={() => onPick(w.id)}
                aria-label={intl.formatMessage(
                  { id: 'decorations.picker.work' },
                  { n: (pager.page - 1) * size + i + 1 },
                )}
              >
                <Picture {...images.pictureOf(w.imageUrl, PICK_PX)} width={PICK_PX} height={PICK_PX} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
};
