import { COUNTRY_DROPDOWN_BLUR_DELAY_MS, type Country } from '@tessera/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from './icons.tsx';
import './form.css';

interface CountryPickerProps {
  /** Names the field (it sits inside the mobile number's frame, so its label is not shown). */
  label: string;
  countries: Pick<Country, 'countryCode' | 'countryDialingCode' | 'name' | 'flagUrl'>[];
  /** The dialing code to start on, when it is in the list. */
  value?: string | undefined;
  /** The current country's dialing code (GET /wps/system/country), to start on otherwise. */
  fallback?: string | null | undefined;
  /** Receives the dialing code on every initialisation and every selection (§4 country picker). */
  onChange: (countryDialingCode: string) => void;
  disabled?: boolean;
}

/**
 * The country-code picker of §2: a read-only field with a flag. Its list (flag and +dialing code) shows on focus
 * and hides 200 ms after blur, so a click on an entry lands first. It starts on the given code if listed, else
 * on the current country's (else the first entry), and emits the code on initialisation and on selection.
 * Keyboard: arrows move, Enter picks, Escape closes the list.
 */
export function CountryPicker({ label, countries, value, fallback, onChange, disabled }: CountryPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [selectedCode, setSelectedCode] = useState<string | null>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  const initial =
    countries.find((country) => country.countryDialingCode === value) ??
    countries.find((country) => country.countryDialingCode === fallback) ??
    countries[0];
  const selected = countries.find((country) => country.countryCode === selectedCode) ?? initial;

  // Initialisation: once the list is known, emit the code started on (a later change of `value` is the
  // parent following the selection, not a new start).
  const initialised = useRef(false);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  useEffect(() => {
    if (initialised.current || !initial) return;
    initialised.current = true;
    setSelectedCode(initial.countryCode);
    latestChange.current(initial.countryDialingCode);
  }, [initial]);

  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  function show() {
    window.clearTimeout(blurTimer.current);
    const index = countries.findIndex((country) => country.countryCode === selected?.countryCode);
    setActive(Math.max(0, index));
    setOpen(true);
  }

  function hideSoon() {
    window.clearTimeout(blurTimer.current);
    blurTimer.current = window.setTimeout(() => setOpen(false), COUNTRY_DROPDOWN_BLUR_DELAY_MS);
  }

  function pick(index: number) {
    const country = countries[index];
    if (!country) return;
    setSelectedCode(country.countryCode);
    setOpen(false);
    onChange(country.countryDialingCode);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return show();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + countries.length) % countries.length);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (open) pick(active);
      else show();
    } else if (event.key === 'Escape' && open) {
      // The list closes; the dialog around it stays.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="country-picker">
      {selected?.flagUrl ? (
        <img className="country-picker__flag" src={selected.flagUrl} alt="" width={22} height={16} />
      ) : null}
      <input
        ref={inputRef}
        className="country-picker__input"
        readOnly
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-haspopup="listbox"
        aria-activedescendant={open ? optionId(active) : undefined}
        value={selected ? `+${selected.countryDialingCode}` : ''}
        size={5}
        disabled={disabled}
        onFocus={show}
        onClick={show}
        onBlur={hideSoon}
        onKeyDown={onKeyDown}
      />
      <ChevronDownIcon />
      {open ? (
        <div id={listId} className="country-picker__list" role="listbox" aria-label={label}>
          {countries.map((country, index) => (
            <div
              key={country.countryCode}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={country.countryCode === selected?.countryCode}
              className={index === active ? 'country-picker__option is-active' : 'country-picker__option'}
              // Focus stays in the field (aria-activedescendant); the click picks the entry.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(index)}
              onKeyDown={onKeyDown}
              onMouseEnter={() => setActive(index)}
            >
              <img className="country-picker__flag" src={country.flagUrl} alt="" width={22} height={16} />
              <span className="country-picker__code">+{country.countryDialingCode}</span>
              <span className="country-picker__name">{country.name}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
