import type { ComponentPropsWithoutRef, ElementType } from 'react';

type ContainerProps<T extends ElementType> = { as?: T } & ComponentPropsWithoutRef<T>;

/** Spec §2 widget 1: centred, at most 1400px wide, 16px side padding, 24px from md up. */
export function Container<T extends ElementType = 'div'>({ as, className = '', ...props }: ContainerProps<T>) {
  const Tag: ElementType = as ?? 'div';
  return <Tag className={`mx-auto w-full max-w-content px-4 md:px-6 ${className}`} {...props} />;
}
