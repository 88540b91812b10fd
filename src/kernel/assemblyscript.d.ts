// The AssemblyScript scalar types, for the kernel files the wrapper imports
// for their constants and the output bound (assembly/layout.ts, assembly/classes.ts).
type i32 = number;
type f64 = number;
type bool = boolean;
