import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Icon, type IconName } from './icons';
import { menuPlacement } from './menuPlacement';

const MenuContext = createContext<() => void>(() => undefined);

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])')].filter(
    (item) => item.getClientRects().length > 0,
  );
}

function moveFocus(menu: HTMLElement | null, key: string): boolean {
  const items = menuItems(menu);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const target =
    key === 'ArrowDown'
      ? items[(index + 1) % items.length]
      : key === 'ArrowUp'
        ? items[(index - 1 + items.length) % items.length]
        : key === 'Home'
          ? items[0]
          : key === 'End'
            ? items[items.length - 1]
            : undefined;
  target?.focus();
  return target !== undefined;
}

/** A button opening a menu (WAI-ARIA menu button): arrows, Home and End move, Escape closes. */
export function MenuButton({
  label,
  icon,
  children,
}: {
  label: string;
  icon: IconName;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Placed on the screen, not under the toolbar: whole inside the visible area wherever the page is scrolled
  // (opening above the button when there is more room there), before it is painted.
  useLayoutEffect(() => {
    if (!open) {
      setPosition(null);
      return;
    }
    const place = () => {
      const anchor = button.current?.getBoundingClientRect();
      const list = menu.current;
      if (!anchor || !list) return;
      const placement = menuPlacement(
        anchor,
        { width: document.documentElement.clientWidth, height: window.innerHeight },
        { height: list.scrollHeight },
      );
      setPosition({ position: 'fixed', top: 'auto', bottom: 'auto', left: 'auto', ...placement });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      close(false);
    } else if (moveFocus(menu.current, event.key)) {
      event.preventDefault();
    }
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="tool-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name={icon} />
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          className="menu__list"
          style={position ?? undefined}
          onKeyDown={onMenuKeyDown}
        >
          <MenuContext.Provider value={close}>{children}</MenuContext.Provider>
        </div>
      )}
    </div>
  );
}

interface ItemProps {
  icon: IconName;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Only in the narrow layout, where the toolbar has no room for it. */
  compactOnly?: boolean;
}

export function MenuItem({ icon, label, onSelect, disabled = false, compactOnly = false }: ItemProps) {
  const close = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={disabled}
      className={compactOnly ? 'menu__item menu__item--compact' : 'menu__item'}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      <Icon name={icon} />
      <span>{label}</span>
    </button>
  );
}

export function MenuItemRadio({
  icon,
  label,
  checked,
  onSelect,
}: Omit<ItemProps, 'disabled'> & { checked: boolean }) {
  const close = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className="menu__item"
      onClick={() => {
        close();
        onSelect();
      }}
    >
      <Icon name={icon} />
      <span>{label}</span>
      <span className="menu__check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
    </button>
  );
}

export function MenuGroup({
  label,
  children,
  compactOnly = false,
}: {
  label: string;
  children: ReactNode;
  compactOnly?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={compactOnly ? 'menu__group menu__item--compact' : 'menu__group'}
    >
      {children}
    </div>
  );
}
