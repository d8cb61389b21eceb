# cmake -DINPUT=file -DOUTPUT=file.c -DNAME=symbol -P embed_file.cmake
# Writes `const char symbol[]`: the bytes of INPUT and a terminating zero, so
# that a writer can print a stylesheet or script kept as a file of its own.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n"
       bytes "${bytes}")
get_filename_component(source "${INPUT}" NAME)
file(WRITE "${OUTPUT}"
     "/* Generated from ${source} by cmake/embed_file.cmake; do not edit. */\n"
     "extern const char ${NAME}[];\nconst char ${NAME}[] = {\n${bytes}0x00};\n")
