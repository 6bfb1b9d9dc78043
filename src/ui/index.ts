/**
 * Atelier UI primitives: the one public surface of src/ui/.
 *
 * - Wrapped from Radix UI (keyboard, focus and ARIA come from Radix); styled with CSS Modules using only the
 *   design tokens of ./tokens.css.
 * - Know no store and no product word: every visible string and accessible label arrives through props
 *   (the caller translates with formatjs).
 * - tokens.css is imported ONCE by the app entry, before any other stylesheet:
 *       import './ui/tokens.css';   // in src/main.tsx
 *   Components rely on its variables; they do not import it themselves.
 * - Mount once near the root: <DirectionProvider dir=…> (Radix ignores the DOM dir attribute), and <ToastProvider label=…>
 *   with a <ToastViewport label=…>. Tooltips need a <TooltipProvider> above them: the view that shows them mounts it
 *   (the shell shows none, and keeps Radix's positioning code out of the first visit).
 * - DeferredMenu / DeferredPopover / DeferredDialog: the same parts, their Radix code loaded on first use (the shell's).
 */
export { AVATAR_PX, Avatar, initialsOf } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';
export { Badge } from './Badge';
export type { BadgeProps, BadgeTone } from './Badge';
export { Button, IconButton } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant, IconButtonProps } from './Button';
export { Card } from './Card';
export { CoverFrame } from './CoverFrame';
export type { CoverFrameProps } from './CoverFrame';
export { visuallyHiddenClass } from './VisuallyHidden';
export type { CardProps } from './Card';
export { DeferredDialog, DeferredMenu, DeferredPopover, preloadDeferredParts } from './Deferred';
export { DirectionProvider } from './Direction';
export type { DirectionProviderProps } from './Direction';
export { ConfirmDialog, Dialog, DialogClose } from './Dialog';
export type { ConfirmDialogProps, DialogProps } from './Dialog';
export { Field, PasswordInput, TextArea, TextInput, useFieldControl } from './Field';
export type {
  FieldControlProps,
  FieldProps,
  PasswordInputProps,
  TextAreaProps,
  TextInputProps,
} from './Field';
export { Cluster, Stack } from './Layout';
export type { Align, ClusterProps, Justify, SpaceStep, StackProps } from './Layout';
export { Menu, MenuItem, MenuLabel, MenuSeparator } from './Menu';
export type { MenuItemProps, MenuItemSpec, MenuProps } from './Menu';
export { MultiSelect } from './MultiSelect';
export type { MultiSelectOption, MultiSelectProps } from './MultiSelect';
export { Picture } from './Picture';
export type { PictureProps, PictureSource } from './Picture';
export { Popover } from './Popover';
export type { PopoverProps } from './Popover';
export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { ScrollArea } from './ScrollArea';
export type { ScrollAreaProps } from './ScrollArea';
export { Select } from './Select';
export type { SelectOption, SelectProps } from './Select';
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { Slider } from './Slider';
export type { SliderProps } from './Slider';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { EmptyState, ErrorState } from './States';
export type { EmptyStateProps, ErrorStateProps } from './States';
export { Switch } from './Switch';
export type { SwitchProps } from './Switch';
export { Tabs, TabsNav, TabsPanel } from './Tabs';
export type { TabItem, TabsNavItem, TabsNavLinkProps, TabsNavProps, TabsPanelProps, TabsProps } from './Tabs';
export { TOAST_DURATION_MS, Toast, ToastProvider, ToastViewport } from './Toast';
export type { ToastAction, ToastProps, ToastProviderProps, ToastTone, ToastViewportProps } from './Toast';
export { Tooltip, TooltipProvider } from './Tooltip';
export type { TooltipProps, TooltipProviderProps } from './Tooltip';
export { VisuallyHidden } from './VisuallyHidden';
export type { VisuallyHiddenProps } from './VisuallyHidden';
