import type { Country } from '@tessera/contract';
import { Combobox } from '@tessera/ui/combobox';
import { useEffect, useRef, useState } from 'react';
import { ChevronDownIcon } from './icons.tsx';
import './form.css';

type PickerCountry = Pick<Country, 'countryCode' | 'countryDialingCode' | 'name' | 'flagUrl'>;

interface CountryPickerProps {
  /** Names the field (it sits inside the mobile number's frame, so its label is not shown). */
  label: string;
  countries: PickerCountry[];
  /** The dialing code to start on, when it is in the list. */
  value?: string | undefined;
  /** The current country's dialing code (GET /wps/system/country), to start on otherwise. */
  fallback?: string | null | undefined;
  /** Receives the dialing code on every initialisation and every selection (§4 country picker). */
  onChange: (countryDialingCode: string) => void;
  disabled?: boolean;
}

const CLASS_NAMES = {
  root: 'country-picker',
  input: 'country-picker__input',
  list: 'country-picker__list',
  option: 'country-picker__option',
};

/** Typing "84", "+84" or "viet" finds Vietnam. */
function matches(country: PickerCountry, typed: string): boolean {
  const text = typed.trim().toLowerCase().replace(/^\+/, '');
  return country.countryDialingCode.startsWith(text) || country.name.toLowerCase().includes(text);
}

/**
 * The country-code picker of §2, on the kit's Combobox: a field with a flag showing +dialing code, whose list
 * (flag, +dialing code and name) shows on focus; typing a code or a name filters it. It starts on the given code
 * if listed, else on the current country's (else the first entry), and emits the code on initialisation and on
 * selection.
 */
export function CountryPicker({ label, countries, value, fallback, onChange, disabled }: CountryPickerProps) {
  const [selectedCode, setSelectedCode] = useState<string | null>(null);

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

  function pick(countryCode: string) {
    const country = countries.find((entry) => entry.countryCode === countryCode);
    if (!country) return;
    setSelectedCode(country.countryCode);
    onChange(country.countryDialingCode);
  }

  return (
    <Combobox
      label={label}
      items={countries}
      itemKey={(country) => country.countryCode}
      itemText={(country) => `+${country.countryDialingCode}`}
      matches={matches}
      renderItem={(country) => (
        <>
          <img className="country-picker__flag" src={country.flagUrl} alt="" width={22} height={16} />
          <span className="country-picker__code">+{country.countryDialingCode}</span>
          <span className="country-picker__name">{country.name}</span>
        </>
      )}
      selectedKey={selected?.countryCode ?? null}
      onSelect={pick}
      disabled={disabled}
      classNames={CLASS_NAMES}
      start={
        selected?.flagUrl ? (
          <img className="country-picker__flag" src={selected.flagUrl} alt="" width={22} height={16} />
        ) : null
      }
      end={<ChevronDownIcon />}
      size={5}
    />
  );
}
