// Types for the vendor copy (htm's own describe a CommonJS module; this build is ESM).
declare const htm: {
  bind<HResult>(
    h: (type: any, props: Record<string, any>, ...children: any[]) => HResult,
  ): (strings: TemplateStringsArray, ...values: any[]) => HResult | HResult[];
};
export default htm;
