// Types for the vendor copy: the installed package's own.
export * from 'preact/hooks';
