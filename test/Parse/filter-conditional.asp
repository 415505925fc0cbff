// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// S-Net's conditional filter: the first branch whose condition holds emits
// its records (several, separated by ';', or none). Conditions and guards
// may be written S-Net's way, `<...>`, or in parentheses; `then` and `else`
// are not reserved, so they still name a net.
net Step connect [ {<n>} -> if <n <= 1> then {<f = n>}
                            else if (n > 100) then
                            else {<n = n - 1>}; {<n = n - 2>} ];
net Guarded connect [ {a, <k>} if <k > 0> -> {a, <m = abs(k - 5)>, <lo = min(k, 3)>, <hi = max(k, -k)>} ];
net then connect [ {a} -> if <1> then {a} else {} ];

// CHECK:TranslationUnit {{.*}}filter-conditional.asp
// CHECK-NEXT:  NetDecl Step <6:1-8:64>
// CHECK-NEXT:    Filter [{<n>} -> if (n <= 1) then {<f=n>} else if (n > 100) then else {<n=(n - 1)>}; {<n=(n - 2)>}] <6:18-8:63>
// CHECK-NEXT:  NetDecl Guarded <9:1-9:106>
// CHECK-NEXT:    Filter [{a, <k>} if (k > 0) -> {a, <m=abs((k - 5))>, <lo=min(k, 3)>, <hi=max(k, -k)>}] <9:21-9:105>
// CHECK-NEXT:  NetDecl then <10:1-10:52>
// CHECK-NEXT:    Filter [{a} -> if 1 then {a} else {}] <10:18-10:51>
