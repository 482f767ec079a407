# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

!# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

R# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

:# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

T# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

P# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

3# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

0# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

@# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

0# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

*# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

:# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

># runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

&# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

2# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

2# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

|# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

|# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

{# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

:# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

w# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

># runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

&# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

2# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

}# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

3# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

{# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

@# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

}# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

:# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

{# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

@# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

}# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

## runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

:# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

,# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

(# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

k# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

)# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

E# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

X# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

I# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

T# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

g# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

E# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

^# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

A# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

Z# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

z# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

0# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

9# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

|# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

d# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

E# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

*# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

\# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

\# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

'# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

># runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

{# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

@# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

}# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

j# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

c# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

a# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

o# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

-# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

l# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

q# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

r# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

m# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

x# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

u# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

[# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

$# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

"# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

=# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

1# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

]# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

;# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

h# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

 # runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

.# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

v# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

b# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

n# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

/# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

p# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

y# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

e# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

s# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

t# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

f# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

i# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt


# runtime.txt (the container image's): the runtime dependencies alone, at dev.txt's versions
"${compile[@]}" pyproject.toml --constraint requirements/dev.txt --output-file requirements/runtime.txt

